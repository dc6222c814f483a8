import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Orders made through the partner API (issue 15): `apiKeyId` (the key that made it; no foreign key:
 * a deleted key leaves its orders), `externalId` (the partner's own id: unique per key, so a repeat
 * of order_create — even a parallel one — finds the same order) and `callbackUrl` (this order's
 * webhook address; null: the key's).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('orders', 'apiKeyId', { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addColumn('orders', 'externalId', { type: DataTypes.STRING(64), allowNull: true });
  await queryInterface.addColumn('orders', 'callbackUrl', { type: DataTypes.STRING(500), allowNull: true });
  await queryInterface.addIndex('orders', ['apiKeyId', 'externalId'], { name: 'orders_api_external', unique: true });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('orders', 'orders_api_external');
  for (const column of ['callbackUrl', 'externalId', 'apiKeyId']) {
    // SQLite: DROP COLUMN in place (as 0012): Sequelize's removeColumn rebuilds the table and loses its indexes.
    if (queryInterface.sequelize.getDialect() === 'sqlite') await queryInterface.sequelize.query(`ALTER TABLE \`orders\` DROP COLUMN \`${column}\``);
    else await queryInterface.removeColumn('orders', column);
  }
};
