/**
 * Test support: the databases the integration tests run on. SQLite in a temporary folder always;
 * MySQL/MariaDB when TEST_DATABASE_URL is set, in a database of its own dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../logger';
import { createDatabase, type Database, type Dialect } from '../index';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const silentLogger = createLogger({ logLevel: 'silent', role: 'all' });

export interface TestDatabaseSite {
  dialect: Dialect;
  /** A DATABASE_URL to an empty database. */
  create(): Promise<string>;
  /** Removes everything create() made. */
  dropAll(): Promise<void>;
}

function sqliteSite(): TestDatabaseSite {
  const dirs: string[] = [];
  return {
    dialect: 'sqlite',
    async create() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-db-'));
      dirs.push(dir);
      return `sqlite:${path.join(dir, 'app.sqlite')}`;
    },
    async dropAll() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mysqlSite(serverUrl: string): TestDatabaseSite {
  const names: string[] = [];
  const admin = () => createDatabase({ databaseUrl: serverUrl }, silentLogger);
  return {
    dialect: 'mysql',
    async create() {
      const name = `exch_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const db = admin();
      try {
        await db.sequelize.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
      } finally {
        await db.close();
      }
      names.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll() {
      if (names.length === 0) return;
      const db = admin();
      try {
        for (const name of names.splice(0)) await db.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await db.close();
      }
    },
  };
}

/** SQLite always, MySQL when TEST_DATABASE_URL is set. */
export function testDatabaseSites(): TestDatabaseSite[] {
  return TEST_DATABASE_URL ? [sqliteSite(), mysqlSite(TEST_DATABASE_URL)] : [sqliteSite()];
}

/** Opens a Database on a fresh empty database of the site. */
export async function openTestDatabase(site: TestDatabaseSite): Promise<Database> {
  return createDatabase({ databaseUrl: await site.create() }, silentLogger);
}

/**
 * Inside a describe: a fresh database of the site, migrated, for each test (closed after it; the
 * site's databases dropped after the block). Call the returned function for the current one.
 */
export function useMigratedTestDatabase(site: TestDatabaseSite): () => Database {
  let db: Database | undefined;
  beforeEach(async () => {
    db = await openTestDatabase(site);
    await db.migrate();
  });
  afterEach(async () => db?.close());
  after(async () => site.dropAll());
  return () => {
    if (!db) throw new Error('no test database outside a test');
    return db;
  };
}

/** Registers a visibly skipped test when the MySQL cases cannot run. */
export function noteSkippedMysql(): void {
  if (TEST_DATABASE_URL) return;
  it('also runs on MySQL when TEST_DATABASE_URL is set (e.g. mysql://root@127.0.0.1:3306/test): skipped', function () {
    this.skip();
  });
}
