/**
 * Tripwires for the Sequelize internals `reuseSqliteConnections` (db/index.ts) wraps: the SQLite
 * connection manager's private members, and `sequelize.close()` going through `_onProcessExit`.
 * package.json pins sequelize exactly for them; when an upgrade fails here, read db/index.ts first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Sequelize, type Transaction } from 'sequelize';
import { createDatabase, SQLITE_IDLE_CONNECTIONS } from './index';
import { silentLogger } from './testing/testDatabases';

interface Handle {
  open: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const handleOf = (transaction: Transaction) => (transaction as unknown as { connection: Handle }).connection;

describe('Sequelize SQLite internals the kept connections rely on (tripwires for the pinned version)', function () {
  this.timeout(15_000);

  it('the SQLite connection manager still has connections, getConnection, releaseConnection and _onProcessExit', async () => {
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    try {
      const manager = sequelize.connectionManager as unknown as Record<string, unknown>;
      expect(manager.connections).to.be.an('object');
      for (const name of ['getConnection', 'releaseConnection', '_onProcessExit']) expect(manager[name], name).to.be.a('function');
    } finally {
      await sequelize.close();
    }
  });

  it('keeps a transaction handle for the next transaction, and closing the database closes every kept handle', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-sqlite-'));
    const db = createDatabase({ databaseUrl: `sqlite:${path.join(dir, 'app.sqlite')}` }, silentLogger);
    try {
      const handles = new Set<Handle>();
      for (let index = 0; index < 5; index += 1) {
        await db.sequelize.transaction(async (transaction) => {
          await db.sequelize.query('SELECT 1', { transaction });
          handles.add(handleOf(transaction));
        });
      }
      expect(handles.size).to.be.at.most(SQLITE_IDLE_CONNECTIONS).and.to.be.lessThan(5);
      await db.close();
      // The last handle may still be rolling back when close() resolves; it is closed right after.
      for (let waited = 0; [...handles].some((handle) => handle.open) && waited < 2000; waited += 20) await sleep(20);
      expect([...handles].map((handle) => handle.open)).to.deep.equal([...handles].map(() => false));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a handle released inside a transaction not known to have ended is rolled back before it is kept', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-sqlite-'));
    const db = createDatabase({ databaseUrl: `sqlite:${path.join(dir, 'app.sqlite')}` }, silentLogger);
    try {
      await db.sequelize.query('CREATE TABLE parents (id INTEGER PRIMARY KEY)');
      const manager = db.sequelize.connectionManager as unknown as {
        getConnection(options: { uuid: string }): Promise<Handle & { uuid: string; exec(sql: string, callback: (error: Error | null) => void): void }>;
        releaseConnection(handle: unknown): void;
      };
      const handle = await manager.getConnection({ uuid: 'left-open' });
      handle.uuid = 'left-open';
      const exec = (sql: string) => new Promise<void>((resolve, reject) => handle.exec(sql, (error) => (error ? reject(error) : resolve())));
      await exec('BEGIN IMMEDIATE');
      await exec('INSERT INTO parents (id) VALUES (100)');
      manager.releaseConnection(handle);
      await sleep(200);
      // Every transaction below takes a kept handle or a new one: none may meet the write lock or see row 100.
      for (let index = 1; index <= SQLITE_IDLE_CONNECTIONS + 1; index += 1) {
        await db.sequelize.transaction(async (transaction) => db.sequelize.query(`INSERT INTO parents (id) VALUES (${index})`, { transaction }));
      }
      const [rows] = await db.sequelize.query('SELECT COUNT(*) AS parents, MAX(id) AS last FROM parents');
      expect(rows).to.deep.equal([{ parents: SQLITE_IDLE_CONNECTIONS + 1, last: SQLITE_IDLE_CONNECTIONS + 1 }]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
