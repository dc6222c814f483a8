import { Sequelize, type Options } from 'sequelize';
import { parseDatabaseUrl } from '../config/databaseUrl';
import type { Config } from '../config/types';
import type { Logger } from '../lib/logger';
import { runMigrations } from './migrator';
import type { Dialect } from './money';

export { money, moneyColumn, moneySql, moneyType, toMoneyColumnValue, InvalidMoneyValueError, MONEY_PRECISION, type Dialect } from './money';
export { createMigrator, MIGRATIONS_DIR, MIGRATIONS_TABLE, type Migration } from './migrator';

export interface Database {
  sequelize: Sequelize;
  dialect: Dialect;
  /** Applies pending migrations from db/migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Resolves when the database answers a query (used by /api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Connections per process: enough for concurrent requests, small enough for many web processes. */
export const MYSQL_POOL_MAX = 10;
/** A dead server must fail queries quickly rather than hold requests. */
export const MYSQL_CONNECT_TIMEOUT_MS = 3000;
/** Longest wait for a free pooled connection. */
export const POOL_ACQUIRE_TIMEOUT_MS = 10_000;

/**
 * Errors of a query written to a pooled connection the server had already closed (a restart or
 * crash not yet noticed by the pool): the query never reached the server, so Sequelize retries it
 * on another connection — which then succeeds, or fails with a ConnectionError (503) while the
 * server is down — instead of surfacing a one-off DatabaseError (500).
 */
const UNSENT_QUERY_ERRORS = [
  /This socket has been ended by the other party/,
  /Can't add new command when connection is in closed state/,
];

/**
 * Sequelize for config.databaseUrl. SQLite: the file (its folder is created), switched to WAL
 * by the first migrate() so readers proceed while a write is in progress.
 * MySQL/MariaDB through mysql2: DECIMAL read as strings, session time zone UTC, a pool of
 * MYSQL_POOL_MAX; queries fail fast while the server is down and the pool reconnects when it
 * returns. Nothing connects until the first query.
 */
export function createDatabase(config: Pick<Config, 'databaseUrl'>, logger: Logger): Database {
  const location = parseDatabaseUrl(config.databaseUrl);
  const common: Options = {
    logging: (sql: string) => logger.trace({ sql }, 'sql'),
    benchmark: false,
    timezone: '+00:00',
  };
  const sequelize =
    location.dialect === 'sqlite'
      ? new Sequelize({ ...common, dialect: 'sqlite', storage: location.storage })
      : new Sequelize({
          ...common,
          dialect: 'mysql',
          host: location.url.hostname,
          port: location.url.port === '' ? 3306 : Number(location.url.port),
          username: decodeURIComponent(location.url.username),
          password: decodeURIComponent(location.url.password),
          database: decodeURIComponent(location.url.pathname.slice(1)),
          pool: { max: MYSQL_POOL_MAX, min: 0, acquire: POOL_ACQUIRE_TIMEOUT_MS, idle: 10_000 },
          retry: { max: 3, match: UNSENT_QUERY_ERRORS },
          dialectOptions: {
            connectTimeout: MYSQL_CONNECT_TIMEOUT_MS,
            decimalNumbers: false,
            supportBigNumbers: true,
            bigNumberStrings: true,
            charset: 'utf8mb4',
          },
        });
  const dialect = location.dialect;
  const sqliteFile = location.dialect === 'sqlite' && location.storage !== ':memory:';

  return {
    sequelize,
    dialect,
    async migrate() {
      // WAL is a property of the file, kept across restarts; setting it again is a no-op.
      if (sqliteFile) await sequelize.query('PRAGMA journal_mode = WAL');
      return runMigrations(sequelize, dialect, logger);
    },
    async ping() {
      await sequelize.query('SELECT 1');
    },
    async close() {
      await sequelize.close();
    },
  };
}
