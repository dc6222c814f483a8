import { DataTypes, Op } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The review queues (backend/orders/reviews.ts): when each card photo and receipt was uploaded
 * (oldest first), the receipt's own review state, and the reasons an operator gave the customer
 * for a rejected file. Receipts already on open orders wait for a review; those on finished
 * orders count as approved.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('orders', 'cardPhotoAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addColumn('orders', 'cardRejectReason', { type: DataTypes.TEXT, allowNull: true });
  await queryInterface.addColumn('orders', 'receiptCheck', { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'none' });
  await queryInterface.addColumn('orders', 'receiptAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addColumn('orders', 'receiptRejectReason', { type: DataTypes.TEXT, allowNull: true });
  const open = ['new', 'progress', 'hold', 'warning', 'error'];
  await queryInterface.sequelize.query('UPDATE orders SET cardPhotoAt = updatedAt WHERE cardPhotoKey IS NOT NULL');
  await queryInterface.sequelize.query('UPDATE orders SET receiptAt = updatedAt WHERE receiptKey IS NOT NULL');
  await queryInterface.bulkUpdate('orders', { receiptCheck: 'pending' }, { receiptKey: { [Op.ne]: null }, status: open });
  await queryInterface.bulkUpdate('orders', { receiptCheck: 'approved' }, { receiptKey: { [Op.ne]: null }, status: { [Op.notIn]: open } });
  await queryInterface.addIndex('orders', ['cardCheck', 'cardPhotoAt', 'id'], { name: 'orders_card_review' });
  await queryInterface.addIndex('orders', ['receiptCheck', 'receiptAt', 'id'], { name: 'orders_receipt_review' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('orders', 'orders_receipt_review');
  await queryInterface.removeIndex('orders', 'orders_card_review');
  for (const column of ['receiptRejectReason', 'receiptAt', 'receiptCheck', 'cardRejectReason', 'cardPhotoAt']) {
    await queryInterface.removeColumn('orders', column);
  }
};
