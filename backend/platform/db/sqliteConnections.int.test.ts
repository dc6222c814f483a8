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
});
