import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import type { DirectionRateDto } from '../../../common/catalogue';
import type { ClientToServerEvents, OperatorOrderEvent, RatesUpdate, ServerToClientEvents } from '../../../common/events';
import { rooms } from '../../../common/events';
import { startTestServer, type TestServer } from '../../test/server';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function openSocket(url: string, options: { origin?: string; lang?: string; cookie?: string } = {}): ClientSocket {
  return connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.lang ? { lang: options.lang } : {},
    extraHeaders: { ...(options.origin ? { origin: options.origin } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function hello(socket: ClientSocket): Promise<{ serverId: string; at: string }> {
  return new Promise((resolve) => socket.once('server:hello', resolve));
}

/**
 * Joins the server-side socket of `client` to a room, as the app's handlers do. (`io.in(id)
 * .socketsJoin` would travel through the Redis adapter and land after the next emit.)
 */
function joinLocally(server: TestServer, client: ClientSocket, room: string): void {
  const socket = server.io.sockets.sockets.get(client.id!);
  if (!socket) throw new Error(`socket ${client.id} is not connected to ${server.url}`);
  void socket.join(room);
}

describe('Socket.IO on the app server', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];

  before(async () => {
    server = await startTestServer();
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  after(async () => {
    await server.close();
  });

  function track(socket: ClientSocket): ClientSocket {
    sockets.push(socket);
    return socket;
  }

  it('greets a new connection with server:hello', async () => {
    const socket = track(openSocket(server.url));
    const greeting = await hello(socket);
    expect(greeting.serverId).to.be.a('string').and.not.equal('');
    expect(Number.isNaN(Date.parse(greeting.at))).to.equal(false);
  });

  it('accepts a handshake whose Origin is the server itself', async () => {
    const socket = track(openSocket(server.url, { origin: server.url }));
    await connected(socket);
    expect(socket.connected).to.equal(true);
  });

  it('accepts a handshake whose Origin is PUBLIC_URL', async () => {
    const socket = track(openSocket(server.url, { origin: server.config.publicUrl }));
    await connected(socket);
    expect(socket.connected).to.equal(true);
  });

  it('rejects a handshake from a foreign Origin', async () => {
    const socket = track(openSocket(server.url, { origin: 'https://evil.example' }));
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('rejected'));
    });
    expect(outcome).to.equal('rejected');
  });

  it('answers order:join for an unknown order with a translated not_found error', async () => {
    const socket = track(openSocket(server.url, { lang: 'en' }));
    await connected(socket);
    const answer = await socket.emitWithAck('order:join', { uid: 'NOPE42', secret: 'wrong' });
    expect(answer).to.deep.equal({
      error: { code: 'not_found', message: 'The page was not found because it was either deleted or its address has changed' },
    });
    const roomsOfSocket = await server.io.in(socket.id!).fetchSockets();
    expect([...roomsOfSocket[0].rooms]).not.to.include(rooms.order('NOPE42'));
  });

  it('takes the language from the lang cookie when the handshake names none', async () => {
    const socket = track(openSocket(server.url, { cookie: 'theme=dark; lang=en' }));
    await connected(socket);
    const answer = await socket.emitWithAck('order:join', { uid: 'NOPE42', secret: 'wrong' });
    expect('error' in answer && answer.error.message).to.equal('The page was not found because it was either deleted or its address has changed');
  });

  it('answers a malformed order:join with validation_failed', async () => {
    const socket = track(openSocket(server.url));
    await connected(socket);
    const answer = await socket.emitWithAck('order:join', { uid: '../../etc', secret: '' });
    expect('error' in answer && answer.error.code).to.equal('validation_failed');
  });

  it('delivers a broadcast to a room to the sockets in it', async () => {
    const socket = track(openSocket(server.url));
    await connected(socket);
    joinLocally(server, socket, rooms.rates);
    const received = new Promise<RatesUpdate>((resolve) => socket.once('rates:update', resolve));
    const rate: DirectionRateDto = {
      from: 'BTC',
      to: 'USDTTRC20',
      rate: '64000.5',
      in: '1',
      out: '64000.5',
      reserve: '250000',
      min: '0.001',
      max: '2',
      rateTypes: ['fixed', 'float'],
      manual: false,
      updatedAt: new Date().toISOString(),
      stale: false,
    };
    const update: RatesUpdate = { version: 1, rates: [rate], removed: [], at: new Date().toISOString() };
    server.io.to(rooms.rates).emit('rates:update', update);
    expect(await received).to.deep.equal(update);
  });
});

describe('Socket.IO across two servers sharing Redis', function () {
  let first: TestServer;
  let second: TestServer;
  const sockets: ClientSocket[] = [];

  before(async function () {
    if (!process.env.TEST_REDIS_URL) this.skip();
    first = await startTestServer();
    second = await startTestServer({ REDIS_PREFIX: first.config.redisPrefix });
  });

  after(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('delivers an event emitted to a room on one server to clients of both', async () => {
    const onFirst = openSocket(first.url);
    const onSecond = openSocket(second.url);
    sockets.push(onFirst, onSecond);
    const [helloFirst, helloSecond] = await Promise.all([hello(onFirst), hello(onSecond)]);
    expect(helloFirst.serverId).not.to.equal(helloSecond.serverId);

    // Each server puts its own client in the room; the adapter must carry the emit across.
    joinLocally(first, onFirst, rooms.operators);
    joinLocally(second, onSecond, rooms.operators);
    // A cluster-wide query answered by both servers proves the adapter subscriptions are live.
    const inRoom = await first.io.in(rooms.operators).fetchSockets();
    expect(inRoom.map((socket) => socket.id).sort()).to.deep.equal([onFirst.id, onSecond.id].sort());

    // Only the adapter's delivery is under test here: a minimal payload stands in for the order.
    const event = { uid: 'ORDER1', status: 'progress', order: { uid: 'ORDER1' } } as unknown as OperatorOrderEvent;
    const receivedBoth = Promise.all(
      [onFirst, onSecond].map((socket) => new Promise((resolve) => socket.once('operators:order', resolve))),
    );
    first.io.to(rooms.operators).emit('operators:order', event);
    expect(await receivedBoth).to.deep.equal([event, event]);
  });
});
