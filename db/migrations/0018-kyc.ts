import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Identity verification (backend/kyc): one row per submission — the user, the storage keys of the
 * document and the selfie (null once the retention period removed the files; the decision stays),
 * the status (check → approve | blocked), the reason the user is shown, whether a refusal is
 * final, who decided and when.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('kyc_submissions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    provider: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'manual' },
    documentKey: { type: DataTypes.STRING(80), allowNull: true },
    selfieKey: { type: DataTypes.STRING(80), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    reason: { type: DataTypes.STRING(500), allowNull: true },
    final: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    decidedById: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    filesDeletedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('kyc_submissions', ['status', 'id'], { name: 'kyc_submissions_queue' });
  await queryInterface.addIndex('kyc_submissions', ['userId', 'id'], { name: 'kyc_submissions_user' });
  await queryInterface.addIndex('kyc_submissions', ['filesDeletedAt', 'decidedAt'], { name: 'kyc_submissions_retention' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('kyc_submissions');
};
