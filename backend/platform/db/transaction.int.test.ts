import { expect } from 'chai';
import { SQLITE_IDLE_CONNECTIONS } from './';
import { startTestServer, type TestServer } from '../../test/server';
import { buildDirection, testOrdersContext } from '../../orders/testing';
import { DIRECTION_CACHE_TTL_MS, offeredDirection } from '../../orders/directionCache';
import { DirectionUnavailable } from '../../orders/errors';
import { writeTransaction } from './transaction';

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
