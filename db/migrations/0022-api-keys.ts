import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Partner API keys (backend/partnerApi): the public key, the secret sealed with the app's keys
 * (bound to `apikey:<publicKey>`, never in clear), the switches, the IP allow-list, the callback
 * URL and the last accepted nonce. `lastNonce` is DECIMAL(20,0) so the signed call's conditional
 * update compares it numerically (a string column would compare "9" > "10").
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('api_keys', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    publicKey: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    secretSealed: { type: DataTypes.TEXT, allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    allowWithdrawals: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ipAllowList: { type: DataTypes.TEXT, allowNull: false },
    callbackUrl: { type: DataTypes.STRING(500), allowNull: true },
    lastNonce: { type: DataTypes.DECIMAL(20, 0), allowNull: true },
    lastUsedAt: { type: DataTypes.DATE, allowNull: true },
    deletedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('api_keys', ['userId', 'deletedAt'], { name: 'api_keys_user' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('api_keys');
};
