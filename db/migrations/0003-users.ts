import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Accounts: `users` (email unique and lower-cased by the code, argon2id hash, profile, role,
 * status, block end, sealed TOTP secret with the last accepted step, notification choices, KYC
 * status, language) and `user_tokens` (activation and password-reset links: only the SHA-256 of
 * the random token is stored, with its expiry and the moment it was used).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('users', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    email: { type: DataTypes.STRING(191), allowNull: false, unique: true },
    passwordHash: { type: DataTypes.STRING(255), allowNull: true },
    firstName: { type: DataTypes.STRING(64), allowNull: true },
    secondName: { type: DataTypes.STRING(64), allowNull: true },
    phone: { type: DataTypes.STRING(32), allowNull: true },
    role: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'user' },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    blockedUntil: { type: DataTypes.DATE, allowNull: true },
    activatedAt: { type: DataTypes.DATE, allowNull: true },
    twoFactorSecret: { type: DataTypes.STRING(255), allowNull: true },
    twoFactorEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    totpLastStep: { type: DataTypes.BIGINT, allowNull: true },
    notifyPasswordChange: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    notifySignIn: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    kycStatus: { type: DataTypes.STRING(16), allowNull: true },
    lang: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'ru' },
    referrer: { type: DataTypes.STRING(64), allowNull: true },
    deletedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('users', ['role'], { name: 'users_role' });

  await queryInterface.createTable('user_tokens', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    userId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onUpdate: 'CASCADE',
      onDelete: 'CASCADE',
    },
    purpose: { type: DataTypes.STRING(16), allowNull: false },
    tokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('user_tokens', ['userId', 'purpose'], { name: 'user_tokens_user_purpose' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('user_tokens');
  await queryInterface.dropTable('users');
};
