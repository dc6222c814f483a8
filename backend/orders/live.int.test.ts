import { expect } from 'chai';
import { rooms } from '../../common/events';
import type { OrderDto } from '../../common/orders';
import { startTestServer, type TestServer } from '../test/server';
import { nextEvent, openClient, pause, record, type ClientSocket } from '../test/sockets';
import { findCustomerOrder } from './queries';
import { changeOrder, insertOrder } from './testing/live';

/** Joins and returns the ack's order (fails the test on an error answer). */
async function join(socket: ClientSocket, uid: string, secret: string): Promise<OrderDto> {
  const answer = await socket.emitWithAck('order:join', { uid, secret });
  if (!('data' in answer)) throw new Error(`order:join answered ${JSON.stringify(answer)}`);
  return answer.data;
}

describe('orders live: order rooms, ticks, changes, resync', function () {
  let server: TestServer;
  const sockets: ClientSocket[] = [];

  before(async () => {
    server = await startTestServer();
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  after(async () => {
    await server?.close();
  });

  async function client(transports?: Array<'websocket' | 'polling'>): Promise<ClientSocket> {
    const socket = await openClient(server.url, { lang: 'en', transports });
    sockets.push(socket);
    return socket;
  }

  it('joins order:<uid> with the right secret and answers the current order', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    const order = await join(socket, uid, secret);
    expect(order).to.deep.equal(await findCustomerOrder(server.db, uid, secret));
    const inRoom = await server.io.local.in(rooms.order(uid)).fetchSockets();
    expect(inRoom.map((s) => s.id)).to.deep.equal([socket.id]);
    expect([...inRoom[0].rooms].some((room) => room.includes(secret))).to.equal(false);
  });

  it('answers a wrong secret exactly like a missing order, and joins no room', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    const wrong = await socket.emitWithAck('order:join', { uid, secret: `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}` });
    const missing = await socket.emitWithAck('order:join', { uid: 'ZZZZZZZZZZ', secret });
    expect(wrong).to.deep.equal(missing);
    expect('error' in wrong && wrong.error.code).to.equal('not_found');
    expect(await server.io.local.in(rooms.order(uid)).fetchSockets()).to.have.length(0);
  });

  it('sends order:tick about every second with non-increasing seconds left', async () => {
    const { uid, secret } = await insertOrder(server, 10 * 60_000);
    const socket = await client();
    const ticks = record(socket, 'order:tick');
    const order = await join(socket, uid, secret);
    await pause(3500);
    expect(ticks.length).to.be.within(2, 5);
    for (const tick of ticks) expect(tick).to.include({ uid, expiresAt: order.expiresAt });
    for (let i = 1; i < ticks.length; i += 1) expect(ticks[i].secondsLeft).to.be.at.most(ticks[i - 1].secondsLeft);
    expect(ticks[0].secondsLeft).to.be.within(595, 600);
  });

  it('ticks a page on the HTTP long-polling transport and one on a websocket alike, in the same room', async () => {
    const { uid, secret } = await insertOrder(server, 10 * 60_000);
    const polling = await client(['polling']);
    const websocket = await client();
    expect(polling.io.engine.transport.name).to.equal('polling');
    const received = [record(polling, 'order:tick'), record(websocket, 'order:tick')];
    const order = await join(polling, uid, secret);
    await join(websocket, uid, secret);
    await pause(2500);
    for (const ticks of received) {
      expect(ticks.length).to.be.within(1, 4);
      for (const tick of ticks) expect(tick).to.deep.equal({ uid, secondsLeft: tick.secondsLeft, expiresAt: order.expiresAt });
      expect(ticks[0].secondsLeft).to.be.within(595, 600);
    }
    // Both sockets are in the one room: the same tick reaches both.
    expect(received[0].at(-1)?.secondsLeft).to.be.closeTo(received[1].at(-1)?.secondsLeft ?? -1, 1);
  });

  it('sends no ticks for an order without a running timer', async () => {
    const { uid, secret } = await insertOrder(server, null);
    const socket = await client();
    const ticks = record(socket, 'order:tick');
    await join(socket, uid, secret);
    await pause(1500);
    expect(ticks).to.deep.equal([]);
  });

  it('pushes order:status on a change and stops ticking once the timer ends', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    const before = await join(socket, uid, secret);
    await nextEvent(socket, 'order:tick');
    const status = nextEvent(socket, 'order:status');
    const change = await changeOrder(server, uid, { status: 'deleted', deleteReason: 'cancelled', expiresAt: null });
    const event = await status;
    expect(event).to.deep.equal({ uid, status: 'deleted', order: change.order });
    expect(event.order.version).to.equal(before.version + 1);
    const ticks = record(socket, 'order:tick');
    await pause(1500);
    expect(ticks).to.deep.equal([]);
  });

  it('pushes order:recalc with the new amounts, and order:status, when amounts are recalculated', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    await join(socket, uid, secret);
    const recalc = nextEvent(socket, 'order:recalc');
    const status = nextEvent(socket, 'order:status');
    const change = await changeOrder(server, uid, { rate: '1.9', amountReceive: '2.85' }, 'recalc');
    expect(await recalc).to.deep.equal({ uid, rate: change.order.rate, amountSend: change.order.amountSend, amountReceive: change.order.amountReceive, order: change.order });
    expect(change.order.amountReceive).to.equal('2.85');
    expect((await status).order.version).to.equal(change.order.version);
  });

  it('sends a change only to the room of that order', async () => {
    const first = await insertOrder(server);
    const second = await insertOrder(server);
    const [onFirst, onSecond] = await Promise.all([client(), client()]);
    await join(onFirst, first.uid, first.secret);
    await join(onSecond, second.uid, second.secret);
    const seen = record(onSecond, 'order:status');
    const status = nextEvent(onFirst, 'order:status');
    await changeOrder(server, first.uid, { status: 'hold' });
    await status;
    await pause(200);
    expect(seen).to.deep.equal([]);
  });

  it('resyncs after a reconnect: the join ack carries the change made while disconnected', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    const before = await join(socket, uid, secret);
    socket.disconnect();
    const change = await changeOrder(server, uid, { status: 'deleted', deleteReason: 'expired', expiresAt: null });
    socket.connect();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const after = await join(socket, uid, secret);
    expect(after.version).to.equal(before.version + 1);
    expect(after).to.deep.equal(change.order);
  });

  it('answers a join with the change published while it looked the order up', async () => {
    const { uid, secret } = await insertOrder(server);
    const observer = await client();
    await join(observer, uid, secret);
    const found = await findCustomerOrder(server.db, uid, secret);
    const watch = server.orderLive.watchJoin(uid);
    const delivered = nextEvent(observer, 'order:status');
    const change = await changeOrder(server, uid, { status: 'hold' });
    await delivered;
    expect(watch.end(found)).to.deep.equal(change.order);
    expect(change.order.version).to.equal(found!.version + 1);
    const refused = server.orderLive.watchJoin(uid);
    const again = nextEvent(observer, 'order:status');
    await changeOrder(server, uid, { status: 'error' });
    await again;
    expect(refused.end(null)).to.equal(null);
  });

  it('forgets an order room once its last local socket leaves', async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    await join(socket, uid, secret);
    const tracked = server.orderLive.ticks.size().rooms;
    socket.emit('order:leave', { uid });
    await pause(200);
    expect(await server.io.local.in(rooms.order(uid)).fetchSockets()).to.have.length(0);
    expect(server.orderLive.ticks.size().rooms).to.equal(tracked - 1);
  });
});

describe('orders live across two servers sharing Redis', function () {
  let first: TestServer;
  let second: TestServer;
  const sockets: ClientSocket[] = [];

  before(async function () {
    if (!process.env.TEST_REDIS_URL) this.skip();
    first = await startTestServer();
    // Same Redis prefix and the same database: two web processes of one deployment.
    second = await startTestServer({ REDIS_PREFIX: first.config.redisPrefix, DATABASE_URL: first.config.databaseUrl });
  });

  after(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('delivers each change exactly once to the order page on either server', async () => {
    const { uid, secret } = await insertOrder(first);
    const onFirst = await openClient(first.url);
    const onSecond = await openClient(second.url);
    sockets.push(onFirst, onSecond);
    await join(onFirst, uid, secret);
    await join(onSecond, uid, secret);
    const seen = [record(onFirst, 'order:status'), record(onSecond, 'order:status')];
    const arrived = Promise.all([nextEvent(onFirst, 'order:status'), nextEvent(onSecond, 'order:status')]);
    const change = await changeOrder(second, uid, { status: 'hold' });
    await arrived;
    await pause(500);
    expect(seen.map((events) => events.map((event) => event.order.version))).to.deep.equal([[change.order.version], [change.order.version]]);
  });

  it('ticks each page once a second, not once per server', async () => {
    const { uid, secret } = await insertOrder(first);
    const onFirst = await openClient(first.url);
    const onSecond = await openClient(second.url);
    sockets.push(onFirst, onSecond);
    const ticks = [record(onFirst, 'order:tick'), record(onSecond, 'order:tick')];
    await join(onFirst, uid, secret);
    await join(onSecond, uid, secret);
    await pause(3200);
    for (const received of ticks) expect(received.length).to.be.within(2, 4);
  });
});
