import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The blacklist (`blacklist_entries`): wallets/accounts, cards (an HMAC of the number and its last
 * four digits — never the number in clear), emails and IP ranges (CIDR), each refusing or holding
 * the orders that match. `orders.blacklistMatch`: why an order was held, for staff only.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('blacklist_entries', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    /** wallet/email: the normalised value; card: hex HMAC-SHA256 of the digits; ip: canonical CIDR. */
    value: { type: DataTypes.STRING(255), allowNull: false },
    last4: { type: DataTypes.STRING(4), allowNull: true },
    action: { type: DataTypes.STRING(16), allowNull: false },
    reason: { type: DataTypes.STRING(500), allowNull: false },
    createdById: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('blacklist_entries', ['kind', 'value'], { name: 'blacklist_entries_kind_value', unique: true });
  await queryInterface.addColumn('orders', 'blacklistMatch', { type: DataTypes.TEXT, allowNull: true });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeColumn('orders', 'blacklistMatch');
  await queryInterface.dropTable('blacklist_entries');
};
