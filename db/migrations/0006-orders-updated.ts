import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Orders by `updatedAt`: after a Redis outage each web process reads the orders changed since
 * shortly before it (backend/orders/changedSince.ts) for its operators' feed.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('orders', ['updatedAt'], { name: 'orders_updated' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('orders', 'orders_updated');
};
