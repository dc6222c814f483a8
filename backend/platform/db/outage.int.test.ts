import { expect } from 'chai';
import { ConnectionError } from 'sequelize';
import { createDatabase, type Database } from './index';
import { silentLogger } from './testing/testDatabases';
import { mariadbServerAvailable, ThrowawayMariadb } from './testing/throwawayMariadb';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('MySQL database while the server is unreachable', function () {
  // A hang would show as a timeout: the query must fail well within it.
  this.timeout(5000);

  it('rejects a query with a ConnectionError instead of waiting', async () => {
    const db = createDatabase({ databaseUrl: 'mysql://root@127.0.0.1:1/exchanger' }, silentLogger);
    try {
      expect(await rejection(db.ping())).to.be.instanceOf(ConnectionError);
    } finally {
      await db.close();
    }
  });
});

describe('MySQL database through a server crash', function () {
  this.timeout(60_000);
  let server: ThrowawayMariadb;
  let db: Database;

  before(async function () {
    if (!mariadbServerAvailable()) {
      console.log('      (mariadbd is not installed: crash test skipped)');
      this.skip();
    }
    server = await ThrowawayMariadb.start();
    db = createDatabase({ databaseUrl: server.url() }, silentLogger);
  });
  after(async () => {
    await db?.close();
    await server?.destroy();
  });

  it('fails queries while the server is down and answers again once it returns, with the same pool', async () => {
    // Fill the pool with open connections, which the crash leaves stale.
    await Promise.all(Array.from({ length: 5 }, () => db.sequelize.query('SELECT SLEEP(0.05)')));
    await server.kill();
    const errors = await Promise.all(Array.from({ length: 5 }, () => rejection(db.ping())));
    for (const error of errors) expect(error).to.be.instanceOf(ConnectionError);
    await server.start();
    // The pool drops the dead connections and opens new ones; the mocha timeout bounds the wait.
    for (;;) {
      try {
        await db.ping();
        break;
      } catch {
        await sleep(100);
      }
    }
    const [rows] = await db.sequelize.query('SELECT 41 + 1 AS answer');
    expect(rows).to.deep.equal([{ answer: 42 }]);
  });
});
