import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/** Key-value application settings editable at run time (maintenance texts, limits, …). */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('settings', {
    key: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
    value: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('settings');
};
