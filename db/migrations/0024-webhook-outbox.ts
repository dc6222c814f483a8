import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The partner API's webhook outbox (`webhook_outbox`, backend/partnerApi/webhooks/): one row per
 * status change of an order made through a key with a callback URL, written in the change's
 * transaction with its payload final (the order as the partner API presents it). The delivery
 * columns are every outbox's (platform/outbox/delivery.ts); `eventId` (`ord_<uid>_v<version>`) is
 * what the receiver de-duplicates on; `lastStatus` is the receiver's last HTTP status. The rows
 * are the delivery log of `/user/api`.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('webhook_outbox', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    apiKeyId: { type: DataTypes.INTEGER, allowNull: false },
    orderId: { type: DataTypes.INTEGER, allowNull: false },
    orderUid: { type: DataTypes.STRING(32), allowNull: false },
    eventId: { type: DataTypes.STRING(64), allowNull: false },
    event: { type: DataTypes.STRING(32), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    lastStatus: { type: DataTypes.INTEGER, allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    failedAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('webhook_outbox', ['eventId'], { name: 'webhook_outbox_event', unique: true });
  // The job's pass: not sent, not given up, due.
  await queryInterface.addIndex('webhook_outbox', ['sentAt', 'failedAt', 'nextAttemptAt'], { name: 'webhook_outbox_due' });
  // The delivery log of a key, newest first.
  await queryInterface.addIndex('webhook_outbox', ['apiKeyId', 'id'], { name: 'webhook_outbox_key' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('webhook_outbox');
};
