import { DataTypes } from 'sequelize';
import { moneyColumn } from '../../backend/platform/db/money';
import type { Migration } from '../../backend/platform/db/migrator';

const CODE = DataTypes.STRING(32);

/**
 * Orders (issue 5): `orders` holds one exchange with its public `uid`, the SHA-256 of its secret
 * (lookup) and the secret sealed with secretBox (emails carry the link), the amounts and rate in
 * money columns, its status with a `version` every change increments (conditional updates), the
 * card check, the stored upload keys and the operator's facts (funds received, exception).
 * `order_events` is its history: every change, who made it (customer, operator, system).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('orders', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    uid: { type: DataTypes.STRING(16), allowNull: false, unique: true },
    secretHash: { type: DataTypes.CHAR(64), allowNull: false },
    secretSealed: { type: DataTypes.STRING(255), allowNull: false },
    userId: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onUpdate: 'CASCADE',
      onDelete: 'SET NULL',
    },
    lang: { type: DataTypes.STRING(8), allowNull: false },
    email: { type: DataTypes.STRING(191), allowNull: false },
    fromCode: { type: CODE, allowNull: false },
    toCode: { type: CODE, allowNull: false },
    rateType: { type: DataTypes.STRING(8), allowNull: false },
    rate: moneyColumn(queryInterface),
    amountSend: moneyColumn(queryInterface),
    amountReceive: moneyColumn(queryInterface),
    rateLockedUntil: { type: DataTypes.DATE, allowNull: true },
    expiresAt: { type: DataTypes.DATE, allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    manual: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    confirmedAt: { type: DataTypes.DATE, allowNull: true },
    cardCheck: { type: DataTypes.STRING(16), allowNull: false },
    cardPhotoKey: { type: DataTypes.STRING(255), allowNull: true },
    receiptKey: { type: DataTypes.STRING(255), allowNull: true },
    paidAt: { type: DataTypes.DATE, allowNull: true },
    receivedAmount: moneyColumn(queryInterface, { allowNull: true }),
    receivedAt: { type: DataTypes.DATE, allowNull: true },
    exception: { type: DataTypes.STRING(16), allowNull: true },
    deleteReason: { type: DataTypes.STRING(16), allowNull: true },
    refundAddress: { type: DataTypes.STRING(255), allowNull: true },
    senderAccount: { type: DataTypes.STRING(255), allowNull: true },
    receiverAccount: { type: DataTypes.STRING(255), allowNull: true },
    extra: { type: DataTypes.TEXT, allowNull: false },
    comment: { type: DataTypes.TEXT, allowNull: true },
    ref: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('orders', ['status', 'expiresAt'], { name: 'orders_status_expires' });
  await queryInterface.addIndex('orders', ['userId'], { name: 'orders_user' });
  await queryInterface.addIndex('orders', ['createdAt'], { name: 'orders_created' });

  await queryInterface.createTable('order_events', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'orders', key: 'id' },
      onUpdate: 'CASCADE',
      onDelete: 'CASCADE',
    },
    action: { type: DataTypes.STRING(32), allowNull: false },
    fromStatus: { type: DataTypes.STRING(16), allowNull: true },
    toStatus: { type: DataTypes.STRING(16), allowNull: false },
    actor: { type: DataTypes.STRING(16), allowNull: false },
    actorUserId: { type: DataTypes.INTEGER, allowNull: true },
    actorName: { type: DataTypes.STRING(191), allowNull: true },
    details: { type: DataTypes.TEXT, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('order_events', ['orderId', 'id'], { name: 'order_events_order' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('order_events');
  await queryInterface.dropTable('orders');
};
