import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';
import { moneyColumn } from '../../backend/platform/db/money';

const ORDER_INDEXES: Array<[string, string[]]> = [
  ['orders_board_status', ['status', 'id']],
  ['orders_board_direction', ['fromCode', 'toCode', 'id']],
  ['orders_board_to', ['toCode', 'id']],
  ['orders_board_assigned', ['assignedTo', 'id']],
  ['orders_board_email', ['email']],
  ['orders_board_sender', ['senderAccount']],
  ['orders_board_receiver', ['receiverAccount']],
  ['orders_board_refund', ['refundAddress']],
];

/**
 * The operator order board (issue 12, backend/console/board*.ts): who holds an order
 * (`assignedTo`, a staff user id, claimed by a conditional update WHERE assignedTo IS NULL),
 * its escalation, the rates the drawer shows (`marketRate` at creation, `receivedRate` when the
 * funds were received), which operator has seen which order (`order_seen`) and the staff's
 * internal notes (`order_notes`, never shown to customers). The indexes serve the board's
 * filters, each ending in `id` where the list pages by id.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('orders', 'assignedTo', { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addColumn('orders', 'assignedAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addColumn('orders', 'escalatedAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addColumn('orders', 'escalationReason', { type: DataTypes.STRING(500), allowNull: true });
  await queryInterface.addColumn('orders', 'marketRate', moneyColumn(queryInterface, { allowNull: true }));
  await queryInterface.addColumn('orders', 'receivedRate', moneyColumn(queryInterface, { allowNull: true }));
  for (const [name, fields] of ORDER_INDEXES) await queryInterface.addIndex('orders', fields, { name });

  await queryInterface.createTable('order_seen', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: { type: DataTypes.INTEGER, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('order_seen', ['orderId', 'userId'], { name: 'order_seen_order_user', unique: true });
  await queryInterface.addIndex('order_seen', ['userId', 'orderId'], { name: 'order_seen_user' });

  await queryInterface.createTable('order_notes', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: { type: DataTypes.INTEGER, allowNull: false },
    authorId: { type: DataTypes.INTEGER, allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('order_notes', ['orderId', 'id'], { name: 'order_notes_order' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('order_notes');
  await queryInterface.dropTable('order_seen');
  for (const [name] of ORDER_INDEXES) await queryInterface.removeIndex('orders', name);
  for (const column of ['receivedRate', 'marketRate', 'escalationReason', 'escalatedAt', 'assignedAt', 'assignedTo']) {
    await queryInterface.removeColumn('orders', column);
  }
};
