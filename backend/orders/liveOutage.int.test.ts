import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { OrderDto } from '../../common/orders';
import { buildUser, TestClient } from '../accounts/testing';
import { redisServerAvailable, ThrowawayRedis } from '../platform/kv/testing/throwawayRedis';
import { nextEvent, openClient, type ClientSocket } from '../test/sockets';
import { startTestServer, type TestServer } from '../test/server';
import { initModels } from '../models';
import { RESYNC_AGAIN_MS } from './live';
import { buildDirection, buildOrder } from './testing';

// Two web processes on one database and one Redis, which dies mid-run: process A answers the
// customer (its publish fails), process B holds the order page's and the operator's sockets.
describe('orders live through a Redis outage', function () {
  this.timeout(60_000);
  let redis: ThrowawayRedis | undefined;
  let dataDir: string | undefined;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  const sockets: ClientSocket[] = [];

  before(async function () {
    if (!redisServerAvailable()) {
      console.log('      (redis-server is not installed: outage test skipped)');
      this.skip();
    }
    redis = await ThrowawayRedis.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-outage-'));
    const shared = {
      REDIS_URL: redis.url,
      REDIS_PREFIX: `outage:${randomUUID().slice(0, 8)}:`,
      DATABASE_URL: process.env.TEST_DATABASE_URL || `sqlite:${path.join(dataDir, 'shared.sqlite')}`,
    };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });

  after(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await b?.close();
    await a?.close();
    await redis?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('brings an order confirmed while Redis was down to the open page and the operators on another process once it is back', async () => {
    const [writer, holder, server] = [a!, b!, redis!];
    const direction = await buildDirection(writer, { rate: '100' });
    const { order, secret } = await buildOrder(writer, { direction, request: { rateType: 'float', amountSend: '1' } });
    const { email, password } = await buildUser(holder.db.sequelize, { role: 'operator' });
    const operator = new TestClient(holder.url);
    expect((await operator.signIn(email, password)).status).to.equal(200);

    const page = await openClient(holder.url, { lang: 'en' });
    const operatorConsole = await openClient(holder.url, { cookie: operator.cookieHeader() });
    sockets.push(page, operatorConsole);
    const joined = await page.emitWithAck('order:join', { uid: order.uid, secret });
    if (!('data' in joined)) throw new Error(JSON.stringify(joined));
    const first: OrderDto = joined.data;

    await server.stop();
    const confirmed = await new TestClient(writer.url).post(`/orders/${order.uid}/${secret}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(confirmed.body.data.version).to.equal(first.version + 1);

    const onPage = nextEvent(page, 'order:status', (event) => event.order.version === first.version + 1, 10_000);
    const onConsole = nextEvent(
      operatorConsole,
      'operators:order',
      (event) => event.uid === order.uid && event.order.version === first.version + 1,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const back = Date.now();
    await server.start();
    const [pageEvent, consoleEvent] = await Promise.all([onPage, onConsole]);
    expect(pageEvent.order).to.deep.equal(confirmed.body.data);
    expect(consoleEvent.order.confirmedAt).to.equal(confirmed.body.data.confirmedAt);
    // Within a few seconds of Redis returning (the clients reconnect within MAX_RECONNECT_DELAY_MS).
    expect(Date.now() - back).to.be.below(5000);

    // A change committed just after, by a process whose connection was still coming back (its
    // publish failed): it reaches the page and the operators too.
    const models = initModels(writer.db.sequelize);
    const version = pageEvent.order.version;
    const later = nextEvent(page, 'order:status', (event) => event.order.version === version + 1, RESYNC_AGAIN_MS + 5000);
    const laterOnConsole = nextEvent(
      operatorConsole,
      'operators:order',
      (event) => event.uid === order.uid && event.order.version === version + 1,
      RESYNC_AGAIN_MS + 5000,
    );
    const [updated] = await models.Order.update({ status: 'hold', version: version + 1 }, { where: { uid: order.uid, version } });
    expect(updated).to.equal(1);
    expect((await later).order.status).to.equal('hold');
    expect((await laterOnConsole).order.status).to.equal('hold');
  });

  it('publishes again a change whose publish failed while only the connections sending commands were cut', async () => {
    const [writer, holder, server] = [a!, b!, redis!];
    const direction = await buildDirection(writer, { rate: '100' });
    const { order, secret } = await buildOrder(writer, { direction, request: { rateType: 'float', amountSend: '1' } });
    const page = await openClient(holder.url, { lang: 'en' });
    sockets.push(page);
    const joined = await page.emitWithAck('order:join', { uid: order.uid, secret });
    if (!('data' in joined)) throw new Error(JSON.stringify(joined));
    const onPage = nextEvent(page, 'order:status', (event) => event.order.version === joined.data.version + 1, 10_000);

    // Redis stays up and every subscription stays live (no resync); the command connections of
    // both processes are cut again and again while the customer confirms.
    const admin = new Redis(server.url);
    let cutting = true;
    const cuts = (async () => {
      while (cutting) {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const confirmed = await new TestClient(writer.url).post(`/orders/${order.uid}/${secret}/confirm`);
    cutting = false;
    await cuts;
    admin.disconnect();
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect((await onPage).order).to.deep.equal(confirmed.body.data);
  });
});
