import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The ledger's state of each eligible reward (backend/referral/rewards.ts): `ledgerStatus`
 * pending | available | reversed (null for a refused decision), written in the transaction that
 * posts it, and `releaseAt` — when a pending reward becomes available (the release job's index).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('referral_rewards', 'ledgerStatus', { type: DataTypes.STRING(16), allowNull: true });
  await queryInterface.addColumn('referral_rewards', 'releaseAt', { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addIndex('referral_rewards', ['ledgerStatus', 'releaseAt'], { name: 'referral_rewards_release' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('referral_rewards', 'referral_rewards_release');
  for (const column of ['releaseAt', 'ledgerStatus']) {
    // SQLite: DROP COLUMN in place (as 0012): Sequelize's removeColumn rebuilds the table and loses its indexes.
    if (queryInterface.sequelize.getDialect() === 'sqlite') await queryInterface.sequelize.query(`ALTER TABLE \`referral_rewards\` DROP COLUMN \`${column}\``);
    else await queryInterface.removeColumn('referral_rewards', column);
  }
};
