import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The staff audit (`audit_records`): every staff action and configuration change, with who did it,
 * when, from where, and the values before and after, written in the transaction of the change it
 * records. Append-only: the code has no path that edits or deletes a record.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('audit_records', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    actorId: { type: DataTypes.INTEGER, allowNull: true },
    actorEmail: { type: DataTypes.STRING(254), allowNull: true },
    actorRole: { type: DataTypes.STRING(16), allowNull: true },
    action: { type: DataTypes.STRING(64), allowNull: false },
    targetType: { type: DataTypes.STRING(32), allowNull: false },
    targetId: { type: DataTypes.STRING(128), allowNull: false },
    before: { type: DataTypes.TEXT, allowNull: true },
    after: { type: DataTypes.TEXT, allowNull: true },
    ip: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('audit_records', ['targetType', 'targetId', 'id'], { name: 'audit_records_target' });
  await queryInterface.addIndex('audit_records', ['actorId', 'id'], { name: 'audit_records_actor' });
  await queryInterface.addIndex('audit_records', ['action', 'id'], { name: 'audit_records_action' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('audit_records');
};
