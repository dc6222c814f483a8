import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { seedCatalogue, type SeedCatalogueResult } from './seedCatalogue';
import type { Config } from '../platform/config/types';
import type { Database, Dialect } from '../platform/db';
import type { Logger } from '../platform/logger';

/**
 * Whether start-up fills an empty catalogue with the demo one: always on the embedded SQLite,
 * and on MySQL outside production (development, tests). A production MySQL deployment seeds on
 * purpose with `npm run cli -- db:seed`.
 */
export function seedsCatalogueAtStart(config: Pick<Config, 'env'>, dialect: Dialect): boolean {
  return dialect === 'sqlite' || config.env !== 'production';
}

/** Start-up step of the web role (after migrations): seeds the demo catalogue when due and empty. */
export async function seedCatalogueOnStart(deps: {
  config: Pick<Config, 'env'>;
  db: Pick<Database, 'sequelize' | 'dialect'>;
  logger: Logger;
}): Promise<SeedCatalogueResult | null> {
  if (!seedsCatalogueAtStart(deps.config, deps.db.dialect)) return null;
  const result = await seedCatalogue({ db: deps.db, data: { assets: SEED_ASSETS, directions: SEED_DIRECTIONS } });
  if (result.seeded) deps.logger.info({ assets: result.assets, directions: result.directions }, 'demo catalogue seeded');
  return result;
}
