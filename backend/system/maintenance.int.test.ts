import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { hostileBody } from '../test/hostileInput';
import { Sequelize } from 'sequelize';
import type { CreateOrderResponse } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { nextEvent, openClient, pause } from '../test/sockets';
import { MAINTENANCE_CACHE_MS } from './maintenance';

const MYSQL_URL = process.env.TEST_DATABASE_URL?.startsWith('mysql') ? process.env.TEST_DATABASE_URL : undefined;

/**
 * A database of this test alone: maintenance is one switch per database, and the shared MariaDB
 * `test` database serves other tests meanwhile. SQLite: a file in the first server's DATA_DIR.
 */
async function ownDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!MYSQL_URL) return { url: undefined, drop: async () => undefined };
  const name = `test_maintenance_${randomUUID().slice(0, 8)}`;
  const admin = new Sequelize(MYSQL_URL, { logging: false });
  await admin.query(`CREATE DATABASE \`${name}\``);
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.close();
    },
  };
}

describe('maintenance switched at run time: /api/admin/maintenance', function () {
  this.timeout(90_000);
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let first: TestServer;
  let second: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let direction: TestDirection;

  before(async () => {
    database = await ownDatabase();
    first = await startTestServer(database.url ? { DATABASE_URL: database.url } : {});
    // A second web process: the same database and, with Redis, the same KV (its channel).
    second = await startTestServer({ DATABASE_URL: first.config.databaseUrl, REDIS_PREFIX: first.config.redisPrefix });
    admin = await signedInAs(first, 'admin');
    direction = await buildDirection(first);
  });

  after(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  async function newOrder(client: TestClient) {
    return client.request('POST', '/orders', orderRequest(direction, { amountSend: '0.5' }));
  }

  async function until(check: () => Promise<boolean>, timeoutMs = MAINTENANCE_CACHE_MS + 3000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('condition not met in time');
      await pause(100);
    }
  }

  it('is open to admins only', async () => {
    await expectRoleMatrix(first, [
      { method: 'GET', path: '/admin/maintenance', roles: ADMIN_ONLY },
      { method: 'PUT', path: '/admin/maintenance', roles: ADMIN_ONLY, body: { enabled: 'maybe' } },
    ]);
  });

  it('refuses a switch that is not a boolean', async () => {
    for (const body of [{}, { enabled: 'true' }, { enabled: 1 }, { enabled: null }, [true]]) {
      const response = await admin.request('PUT', '/admin/maintenance', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
  });

  it('answers any JSON body of an admin with the envelope, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody({ enabled: false }), async (body) => {
        const response = await fetch(`${first.url}/api/admin/maintenance`, {
          method: 'PUT',
          headers: { origin: first.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie: admin.cookieHeader() },
          body,
        });
        const text = await response.text();
        expect(response.status, `${body.slice(0, 200)} → ${text.slice(0, 200)}`).to.be.below(500);
        expect((JSON.parse(text) as { success: boolean }).success).to.equal(response.status === 200);
      }),
      { seed: 20_261_124, numRuns: 40, endOnFailure: true },
    );
    expect((await admin.request('PUT', '/admin/maintenance', { enabled: false })).status).to.equal(200);
  });

  it('on: new orders refused, exports 503, notice in config and on open pages of every process; paid orders go on; off again', async () => {
    const customer = new TestClient(first.url);
    const created = await newOrder(customer);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const { uid, secret } = created.body.data as CreateOrderResponse;
    const base = `/orders/${uid}/${secret}`;
    expect((await customer.post(`${base}/confirm`)).status).to.equal(200);

    const page = await openClient(second.url);
    // Open pages hear the switch from their own process (without Redis, the second process only
    // reads it after its cache time: its pages switch on their next load).
    const shared = first.kv.kind === 'redis';
    const switchedOn = shared ? nextEvent(page, 'maintenance:changed', (payload) => payload.enabled) : null;
    const on = await admin.request('PUT', '/admin/maintenance', { enabled: true });
    expect(on.status, JSON.stringify(on.body)).to.equal(200);
    expect(on.body.data).to.deep.equal({ enabled: true, forced: false, stored: true });
    if (switchedOn) expect(await switchedOn).to.deep.equal({ enabled: true });

    for (const server of [first, second]) {
      const client = new TestClient(server.url);
      await until(async () => (await client.get('/config')).body.data.maintenance === true);
      const refused = await client.post('/orders', orderRequest(direction, { amountSend: '0.5' }));
      expect(refused.status).to.equal(503);
      expect(refused.body.error?.code).to.equal('maintenance');
      for (const file of ['xml', 'json', 'txt']) {
        const exported = await fetch(`${server.url}/export/rates.${file}`);
        expect(exported.status, file).to.equal(503);
        expect(exported.headers.get('retry-after')).to.equal('600');
      }
    }
    // The order made before goes on: the customer pays, the operator works it.
    const paid = await customer.post(`${base}/paid`);
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const operator = await signedInAs(first, 'operator');
    const received = await operator.post(`/operator/orders/${uid}/received`, { amount: '0.5' });
    expect(received.status, JSON.stringify(received.body)).to.equal(200);
    expect((await customer.get(base)).status).to.equal(200);

    const switchedOff = shared ? nextEvent(page, 'maintenance:changed', (payload) => !payload.enabled) : null;
    const off = await admin.request('PUT', '/admin/maintenance', { enabled: false });
    expect(off.body.data).to.deep.equal({ enabled: false, forced: false, stored: false });
    if (switchedOff) expect(await switchedOff).to.deep.equal({ enabled: false });
    page.close();
    for (const server of [first, second]) {
      const client = new TestClient(server.url);
      await until(async () => (await client.get('/config')).body.data.maintenance === false);
      // Without Redis the second process has no rates of the test direction: it answers 422, not 503.
      expect((await newOrder(client)).status).to.equal(server === first || shared ? 201 : 422);
    }
    const audit = await initModels(first.db.sequelize).AuditRecord.findAll({ where: { action: 'maintenance.switch', actorId: admin.userId }, order: [['id', 'DESC']], limit: 2 });
    expect(audit.map((record) => [record.before, record.after])).to.deep.equal([
      [{ enabled: true }, { enabled: false }],
      [{ enabled: false }, { enabled: true }],
    ]);
  });

  it('MAINTENANCE=1 forces it on whatever is stored', async () => {
    const forced = await startTestServer({ DATABASE_URL: first.config.databaseUrl, MAINTENANCE: '1' });
    try {
      const forcedAdmin = await signedInAs(forced, 'admin');
      const state = await forcedAdmin.request('PUT', '/admin/maintenance', { enabled: false });
      expect(state.body.data).to.deep.equal({ enabled: true, forced: true, stored: false });
      expect((await new TestClient(forced.url).get('/config')).body.data.maintenance).to.equal(true);
    } finally {
      await forced.close();
    }
  });
});
