import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { SQLITE_IDLE_CONNECTIONS } from './';
import { startTestServer, type TestServer } from '../../test/server';
import { buildDirection, testOrdersContext } from '../../orders/testing';
import { DIRECTION_CACHE_TTL_MS, offeredDirection } from '../../orders/directionCache';
import { DirectionUnavailable } from '../../orders/errors';
import { writeStatement, writeTransaction } from './transaction';

describe('order transactions and the direction cache', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  it('SQLite: consecutive transactions share a few kept connections instead of opening one each', async function () {
    if (server.db.dialect !== 'sqlite') this.skip();
    const connections = new Set<unknown>();
    for (let index = 0; index < 30; index += 1) {
      await writeTransaction(server.db.sequelize, async (transaction) => {
        connections.add((transaction as unknown as { connection: unknown }).connection);
      });
    }
    expect(connections.size).to.be.at.most(SQLITE_IDLE_CONNECTIONS + 1);
  });

  it('SQLite: a kept connection starts clean after a transaction that failed', async function () {
    if (server.db.dialect !== 'sqlite') this.skip();
    const { sequelize } = server.db;
    await sequelize.query('CREATE TABLE IF NOT EXISTS transaction_probe (id INTEGER PRIMARY KEY)');
    try {
      for (let index = 0; index < 10; index += 1) {
        const failed = writeTransaction(sequelize, async (transaction) => {
          await sequelize.query(`INSERT INTO transaction_probe (id) VALUES (${index})`, { transaction });
          throw new Error('rolled back');
        });
        await failed.then(
          () => expect.fail('the transaction should have failed'),
          (error: Error) => expect(error.message).to.equal('rolled back'),
        );
        await writeTransaction(sequelize, async (transaction) => {
          await sequelize.query(`INSERT INTO transaction_probe (id) VALUES (${100 + index})`, { transaction });
        });
      }
      const [rows] = await sequelize.query('SELECT id FROM transaction_probe ORDER BY id');
      expect((rows as Array<{ id: number }>).map((row) => row.id)).to.deep.equal([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    } finally {
      await sequelize.query('DROP TABLE transaction_probe');
    }
  });

  it('SQLite: single statements waiting for the writer share one turn; each answers its own count, a failed one alone', async function () {
    if (server.db.dialect !== 'sqlite') this.skip();
    const { sequelize } = server.db;
    await sequelize.query('CREATE TABLE IF NOT EXISTS statement_probe (id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, n INTEGER NOT NULL DEFAULT 0)');
    const options = (sequelize as unknown as { options: { logging: unknown } }).options;
    const logging = options.logging;
    try {
      await sequelize.query("INSERT INTO statement_probe (code) VALUES ('a'), ('b'), ('c')");
      const sent: string[] = [];
      options.logging = (sql: string) => sent.push(sql.replace(/^Executing \([^)]*\): /, ''));
      // A turn holds the writer while the statements arrive.
      let release!: () => void;
      const held = writeTransaction(sequelize, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const update = (code: string) =>
        writeStatement(sequelize, async (transaction) => {
          const [, changed] = (await sequelize.query('UPDATE statement_probe SET n = n + 1 WHERE code = $1', { bind: [code], transaction, type: QueryTypes.UPDATE })) as unknown as [unknown, number];
          return changed;
        });
      const answers = Promise.allSettled([
        update('a'),
        update('b'),
        writeStatement(sequelize, (transaction) => sequelize.query("INSERT INTO statement_probe (code) VALUES ('a')", { transaction })),
        update('nobody'),
        update('c'),
      ]);
      release();
      await held;
      const outcomes = await answers;
      expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'rejected'))).to.deep.equal([1, 1, 'rejected', 0, 1]);
      expect(String((outcomes[2] as PromiseRejectedResult).reason)).to.match(/UNIQUE|Validation/i);
      const [rows] = await sequelize.query('SELECT code, n FROM statement_probe ORDER BY code');
      expect(rows).to.deep.equal([
        { code: 'a', n: 1 },
        { code: 'b', n: 1 },
        { code: 'c', n: 1 },
      ]);
      // One turn for the five: one BEGIN besides the held turn's.
      expect(sent.filter((sql) => sql.startsWith('BEGIN'))).to.have.length(2);
      // A statement after the turn takes a turn of its own.
      await update('a');
      expect(sent.filter((sql) => sql.startsWith('BEGIN'))).to.have.length(3);
    } finally {
      options.logging = logging;
      await sequelize.query('DROP TABLE statement_probe');
    }
  });

  it('SQLite: a turn of single statements that cannot begin rejects them all, and the next statements take a new turn', async function () {
    if (server.db.dialect !== 'sqlite') this.skip();
    const { sequelize } = server.db;
    const prototype = Object.getPrototypeOf(sequelize) as { transaction: (...args: unknown[]) => Promise<unknown> };
    const own = sequelize as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    own.transaction = () => Promise.reject(new Error('no writer'));
    let first: PromiseSettledResult<unknown>[];
    try {
      first = await Promise.allSettled([writeStatement(sequelize, async () => 1), writeStatement(sequelize, async () => 2)]);
    } finally {
      delete (own as { transaction?: unknown }).transaction;
    }
    expect(first.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.value))).to.deep.equal(['Error: no writer', 'Error: no writer']);
    expect(own.transaction).to.equal(prototype.transaction);
    expect(await writeStatement(sequelize, async () => 'again')).to.equal('again');
  });

  it('a disabled direction is refused once the cached copy is older than DIRECTION_CACHE_TTL_MS', async () => {
    const direction = await buildDirection(server);
    const ctx = testOrdersContext(server);
    expect((await offeredDirection(ctx, direction.from, direction.to)).fromCode).to.equal(direction.from);
    await ctx.models.Direction.update({ enabled: false }, { where: { fromCode: direction.from, toCode: direction.to } });
    await new Promise((resolve) => setTimeout(resolve, DIRECTION_CACHE_TTL_MS + 50));
    const refused = await offeredDirection(ctx, direction.from, direction.to).then(
      () => null,
      (error: Error) => error,
    );
    expect(refused).to.be.instanceOf(DirectionUnavailable);
  });
});
