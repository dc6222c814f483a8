import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Order mails as an outbox (`order_mails`): each customer email about an order is written in the
 * same transaction as the change it tells about, then sent after the commit; a row not sent (the
 * process died, SMTP was down) is retried by the worker with a growing delay until it is sent or
 * given up (`failedAt`). `lockedUntil` marks the process sending it; `vars` is the template's
 * variables as JSON (the order link is built when sending, from the order's sealed secret).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('order_mails', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'orders', key: 'id' },
      onUpdate: 'CASCADE',
      onDelete: 'CASCADE',
    },
    template: { type: DataTypes.STRING(32), allowNull: false },
    vars: { type: DataTypes.TEXT, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    failedAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('order_mails', ['sentAt', 'failedAt', 'nextAttemptAt'], { name: 'order_mails_due' });
  await queryInterface.addIndex('order_mails', ['orderId', 'id'], { name: 'order_mails_order' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('order_mails');
};
