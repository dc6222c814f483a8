import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';
import { moneyColumn } from '../../backend/platform/db/money';

/**
 * The referral programme (backend/referral): each user's partner code and the partner they are
 * bound to for good, an admin's own percent; on orders the partner resolved at creation, the keyed
 * hash of the creating address, the profit in USDT fixed when the order is done (and when);
 * the recorded `?r=` clicks and one reward decision per done order (eligible, or refused with a reason).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('users', 'referralCode', { type: DataTypes.STRING(32), allowNull: true });
  await queryInterface.addColumn('users', 'referrerId', { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addColumn('users', 'referralPercent', moneyColumn(queryInterface, { allowNull: true }));
  await queryInterface.addIndex('users', ['referralCode'], { name: 'users_referral_code', unique: true });
  await queryInterface.addIndex('users', ['referrerId'], { name: 'users_referrer' });

  await queryInterface.addColumn('orders', 'referrerId', { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addColumn('orders', 'ipHash', { type: DataTypes.STRING(64), allowNull: true });
  await queryInterface.addColumn('orders', 'profitUsdt', moneyColumn(queryInterface, { allowNull: true }));
  await queryInterface.addColumn('orders', 'doneAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addIndex('orders', ['referrerId', 'id'], { name: 'orders_referrer' });
  await queryInterface.addIndex('orders', ['userId', 'doneAt'], { name: 'orders_user_done' });

  await queryInterface.createTable('referral_clicks', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    code: { type: DataTypes.STRING(32), allowNull: false },
    ipHash: { type: DataTypes.STRING(64), allowNull: false },
    userAgent: { type: DataTypes.STRING(200), allowNull: true },
    landingPath: { type: DataTypes.STRING(255), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('referral_clicks', ['code', 'createdAt'], { name: 'referral_clicks_code' });

  await queryInterface.createTable('referral_rewards', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: { type: DataTypes.INTEGER, allowNull: false },
    partnerId: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    reason: { type: DataTypes.STRING(16), allowNull: true },
    profitUsdt: moneyColumn(queryInterface, { allowNull: true }),
    percent: moneyColumn(queryInterface, { allowNull: true }),
    amount: moneyColumn(queryInterface, { allowNull: true }),
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('referral_rewards', ['orderId'], { name: 'referral_rewards_order', unique: true });
  await queryInterface.addIndex('referral_rewards', ['partnerId', 'id'], { name: 'referral_rewards_partner' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('referral_rewards');
  await queryInterface.dropTable('referral_clicks');
  await queryInterface.removeIndex('orders', 'orders_user_done');
  await queryInterface.removeIndex('orders', 'orders_referrer');
  for (const column of ['doneAt', 'profitUsdt', 'ipHash', 'referrerId']) await queryInterface.removeColumn('orders', column);
  await queryInterface.removeIndex('users', 'users_referrer');
  await queryInterface.removeIndex('users', 'users_referral_code');
  for (const column of ['referralPercent', 'referrerId', 'referralCode']) await queryInterface.removeColumn('users', column);
};
