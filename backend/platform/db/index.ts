import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { Sequelize, type Options } from 'sequelize';
import { parseDatabaseUrl } from '../config/databaseUrl';
import type { Config } from '../config/types';
import type { Logger } from '../logger';
import { runMigrations } from './migrator';
import { transactionEnded, useFastSqliteQuery } from './sqliteQuery';
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

/** SQLite connections kept open for the next transaction (Sequelize opens one per transaction). */
export const SQLITE_IDLE_CONNECTIONS = 4;

/** What the SQLite connection manager of Sequelize 6 keeps: node-sqlite3 handles by uuid. */
interface SqliteHandle {
  uuid?: string;
  filename: string;
  exec(sql: string, callback: (error: Error | null) => void): void;
  close(callback?: (error: Error | null) => void): void;
}
interface SqliteConnectionManager {
  connections: Record<string, SqliteHandle>;
  getConnection(options?: { uuid?: string }): Promise<SqliteHandle>;
  releaseConnection(connection: SqliteHandle, force?: boolean): void;
  _onProcessExit(): Promise<void>;
}

/**
 * Sequelize's SQLite dialect opens a new handle for every transaction and closes it after: the
 * file opened, its schema parsed and PRAGMA foreign_keys run again each time. Here a released
 * transaction handle is kept, up to `max`, for the next transaction — rolled back first unless its
 * COMMIT or ROLLBACK is known to have succeeded (a COMMIT that failed leaves its transaction open); the handles
 * are closed with the database. These are Sequelize's private members: package.json pins it
 * exactly, and db/sqliteConnections.int.test.ts fails when an upgrade changes them.
 */
function reuseSqliteConnections(sequelize: Sequelize, max: number): void {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const idle: SqliteHandle[] = [];
  let closed = false;
  const open = manager.getConnection.bind(manager);
  const release = manager.releaseConnection.bind(manager);
  const exit = manager._onProcessExit.bind(manager);
  manager.getConnection = async (options) => {
    const uuid = options?.uuid;
    const reused = uuid !== undefined && uuid !== 'default' ? idle.pop() : undefined;
    if (!reused) return open(options);
    manager.connections[uuid!] = reused;
    return reused;
  };
  manager.releaseConnection = (connection, force) => {
    const uuid = connection.uuid;
    if (uuid === undefined || uuid === 'default' || connection.filename === ':memory:' || closed || idle.length >= max) {
      release(connection, force);
      return;
    }
    delete manager.connections[uuid];
    // A transaction that ended (its COMMIT or ROLLBACK succeeded, db/sqliteQuery.ts) leaves nothing to roll back.
    if (transactionEnded(connection)) {
      idle.push(connection);
      return;
    }
    connection.exec('ROLLBACK', () => {
      if (closed || idle.length >= max) connection.close();
      else idle.push(connection);
    });
  };
  manager._onProcessExit = async () => {
    closed = true;
    await Promise.all(idle.splice(0).map((connection) => new Promise<void>((resolve) => connection.close(() => resolve()))));
    return exit();
  };
}

/** The SQLite file and its companions hold every account and order: readable by our user only. */
export const SQLITE_FILE_MODE = 0o600;
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Creates the SQLite file owner-only before SQLite opens it (SQLite gives its -wal, -shm and
 * -journal files the database file's mode), and narrows the files an earlier version left 0644.
 */
function restrictSqliteFiles(storage: string): void {
  mkdirSync(path.dirname(storage), { recursive: true });
  closeSync(openSync(storage, 'a', SQLITE_FILE_MODE));
  for (const file of [storage, ...SQLITE_COMPANIONS.map((suffix) => `${storage}${suffix}`)]) {
    if (existsSync(file)) chmodSync(file, SQLITE_FILE_MODE);
  }
}

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
 * Sequelize for config.databaseUrl. SQLite: the file (its folder is created; the file 0600), switched to WAL
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
  if (location.dialect === 'sqlite') {
    reuseSqliteConnections(sequelize, SQLITE_IDLE_CONNECTIONS);
    useFastSqliteQuery(sequelize);
  }
  const sqliteFile = location.dialect === 'sqlite' && location.storage !== ':memory:';
  if (sqliteFile) restrictSqliteFiles(location.storage);

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
