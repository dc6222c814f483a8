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
  await queryInterface.removeColumn('referral_rewards', 'releaseAt');
  await queryInterface.removeColumn('referral_rewards', 'ledgerStatus');
};
