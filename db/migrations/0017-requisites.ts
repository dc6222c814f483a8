import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Saved requisites (backend/requisites): a user's cards and wallets, the number sealed and
 * hashed (never in clear), the verification state, soft-deleted rows kept as the verification
 * record. Indexes: the user's list, the review queue (oldest photo first), look-ups by hash.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('requisites', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    assetCode: { type: DataTypes.STRING(32), allowNull: false },
    numberSealed: { type: DataTypes.TEXT, allowNull: true },
    numberHash: { type: DataTypes.STRING(64), allowNull: false },
    masked: { type: DataTypes.STRING(32), allowNull: false },
    holder: { type: DataTypes.STRING(64), allowNull: true },
    expiryMonth: { type: DataTypes.INTEGER, allowNull: true },
    expiryYear: { type: DataTypes.INTEGER, allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    rejectReason: { type: DataTypes.TEXT, allowNull: true },
    shared: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    photoKey: { type: DataTypes.STRING(128), allowNull: true },
    photoAt: { type: DataTypes.DATE, allowNull: true },
    orderUid: { type: DataTypes.STRING(16), allowNull: true },
    decidedById: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    deletedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('requisites', ['userId', 'deletedAt'], { name: 'requisites_user' });
  await queryInterface.addIndex('requisites', ['numberHash'], { name: 'requisites_hash' });
  await queryInterface.addIndex('requisites', ['status', 'photoAt', 'id'], { name: 'requisites_review' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('requisites');
};
