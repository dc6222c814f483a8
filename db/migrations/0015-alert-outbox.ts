import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The staff alerts' outbox (`alert_outbox`, backend/alerts/): an alert is written in the
 * transaction of the change it tells about (its text final, in ALERT_LANG) and the worker's alert
 * job sends it to the Telegram chat, retrying with the delivery columns every outbox has
 * (platform/outbox/delivery.ts). No token or chat is stored: both come from the configuration.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('alert_outbox', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    failedAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  // The job's pass: not sent, not given up, due.
  await queryInterface.addIndex('alert_outbox', ['sentAt', 'failedAt', 'nextAttemptAt'], { name: 'alert_outbox_due' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('alert_outbox');
};
