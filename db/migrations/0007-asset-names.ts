import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';
import { SEED_ASSETS } from '../seeders/catalogue-assets';

/**
 * A Russian name per asset (`assets.nameRu`) where it differs from the Latin `name` (banks,
 * payment systems, cash); null keeps `name` in both languages (coins). The demo catalogue seeded
 * before this migration gets its Russian names here; `name` (what the exports carry) is untouched.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('assets', 'nameRu', { type: DataTypes.STRING(128), allowNull: true, defaultValue: null });
  for (const asset of SEED_ASSETS) {
    if (asset.nameRu === null) continue;
    await queryInterface.bulkUpdate('assets', { nameRu: asset.nameRu }, { code: asset.code, name: asset.name });
  }
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeColumn('assets', 'nameRu');
};
