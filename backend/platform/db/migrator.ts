import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { QueryTypes, type QueryInterface, type Sequelize, type Transaction } from 'sequelize';
import { SequelizeStorage, Umzug, type MigrationFn } from 'umzug';
import type { Logger } from '../logger';
import type { Dialect } from './money';

/** What every file in db/migrations exports: `export const up: Migration = async ({ context }) => …`. */
export type Migration = MigrationFn<QueryInterface>;

/** db/migrations beside this file: the sources, or the compiled ones of `npm run build`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));
/** `.ts` when running the sources, `.js` when running the compiled server; names carry neither. */
const MIGRATION_EXT = path.extname(fileURLToPath(import.meta.url));
/** Table recording applied migrations (umzug's SequelizeStorage). */
export const MIGRATIONS_TABLE = 'SequelizeMeta';
/** How long a MySQL migrator waits for another process's migration run to finish. */
export const MIGRATION_LOCK_TIMEOUT_S = 120;

interface MigrationModule {
  up: Migration;
  down?: Migration;
}

/** An umzug over db/migrations/*.ts (or *.js; tests excluded), applied in file-name order. */
export function createMigrator(sequelize: Sequelize, logger: Logger): Umzug<QueryInterface> {
  return new Umzug<QueryInterface>({
    migrations: {
      glob: [`*${MIGRATION_EXT}`, { cwd: MIGRATIONS_DIR, ignore: [`*.test${MIGRATION_EXT}`, '*.d.ts'] }],
      resolve: ({ name, path: file, context }) => {
        const load = async (): Promise<MigrationModule> => import(pathToFileURL(file!).href);
        return {
          name: name.slice(0, -MIGRATION_EXT.length),
          up: async () => (await load()).up({ name, path: file, context }),
          down: async () => {
            const { down } = await load();
            if (!down) throw new Error(`Migration ${name} cannot be reverted: it has no down()`);
            return down({ name, path: file, context });
          },
        };
      },
    },
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE }),
    logger: {
      info: (event) => logger.info(event, 'migration'),
      warn: (event) => logger.warn(event, 'migration'),
      error: (event) => logger.error(event, 'migration'),
      debug: (event) => logger.debug(event, 'migration'),
    },
  });
}

/**
 * Applies pending migrations and returns their names. On MySQL several processes may start at
 * once: they take turns through a named lock (GET_LOCK, held by one pinned connection), so each
 * migration runs exactly once. SQLite is used by one process, and needs no lock.
 */
export async function runMigrations(sequelize: Sequelize, dialect: Dialect, logger: Logger): Promise<string[]> {
  const migrator = createMigrator(sequelize, logger);
  const up = async () => (await migrator.up()).map((migration) => migration.name);
  if (dialect === 'sqlite') return up();
  return sequelize.transaction(async (transaction) => {
    await acquireLock(sequelize, transaction);
    try {
      return await up();
    } finally {
      await sequelize.query('SELECT RELEASE_LOCK(CONCAT(DATABASE(), :suffix))', {
        replacements: { suffix: ':migrations' },
        transaction,
        type: QueryTypes.SELECT,
      });
    }
  });
}

async function acquireLock(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  // Lock names are server-wide: include the database so separate databases do not wait on each other.
  const [row] = await sequelize.query<{ locked: number | null }>(
    'SELECT GET_LOCK(CONCAT(DATABASE(), :suffix), :timeout) AS locked',
    { replacements: { suffix: ':migrations', timeout: MIGRATION_LOCK_TIMEOUT_S }, transaction, type: QueryTypes.SELECT },
  );
  if (row?.locked !== 1) {
    throw new Error(`Another process held the migration lock for more than ${MIGRATION_LOCK_TIMEOUT_S} s`);
  }
}
