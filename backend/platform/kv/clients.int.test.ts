import { createAdapter } from '@socket.io/redis-adapter';
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { redisServerAvailable, ThrowawayRedis } from './testing/throwawayRedis';
import { createRedisClient } from './clients';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A Socket.IO server on a random port joined to the others through the Redis adapter. */
class AdapterNode {
  readonly pub: Redis;
  readonly sub: Redis;
  readonly http: HttpServer;
  readonly io: Server;

  constructor(url: string, key: string) {
    this.pub = createRedisClient(url, 'adapter');
    this.sub = createRedisClient(url, 'adapter');
    this.http = createServer();
    this.io = new Server(this.http, { adapter: createAdapter(this.pub, this.sub, { key }) });
  }

  async listen(): Promise<string> {
    this.http.listen(0, '127.0.0.1');
    await once(this.http, 'listening');
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

describe('createRedisClient(url, "adapter") with @socket.io/redis-adapter', function () {
  this.timeout(15_000);
  const nodes: AdapterNode[] = [];
  const clients: Socket[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await Promise.all(nodes.splice(0).map((node) => node.close()));
  });

  it('carries a broadcast from one server to a client of another over RESP3', async function () {
    if (!TEST_REDIS_URL) {
      console.log('      (TEST_REDIS_URL is unset: skipped)');
      this.skip();
    }
    const key = `exch-test:adapter:${randomBytes(4).toString('hex')}`;
    const sender = new AdapterNode(TEST_REDIS_URL, key);
    const receiver = new AdapterNode(TEST_REDIS_URL, key);
    nodes.push(sender, receiver);
    await sender.listen();
    const client = connect(await receiver.listen(), { transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    expect(await sender.pub.call('HELLO')).to.include.members(['proto', 3]);

    // fetchSockets asks every server through Redis and counts them with PUBSUB NUMSUB, whose
    // reply is a RESP3 map: it only finds the remote socket when that reply parses.
    let remote = await sender.io.fetchSockets();
    while (remote.length === 0) {
      await sleep(20);
      remote = await sender.io.fetchSockets();
    }
    expect(remote.map((socket) => socket.id)).to.deep.equal([client.id]);

    const message = new Promise<unknown>((resolve) => client.once('rates:update', resolve));
    sender.io.emit('rates:update', { changed: 1 });
    expect(await message).to.deep.equal({ changed: 1 });
  });

  it('keeps the process alive when broadcasting and closing while Redis is down', async function () {
    if (!redisServerAvailable()) {
      console.log('      (redis-server is not installed: skipped)');
      this.skip();
    }
    const server = await ThrowawayRedis.start();
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const node = new AdapterNode(server.url, 'exch-test:adapter-down');
      await node.listen();
      await server.stop();
      node.io.emit('rates:update', { changed: 1 });
      node.io.to('order:x').emit('order:status', { uid: 'x' });
      await node.close();
      // Rejections of the queued commands are reported on the following turns of the loop.
      await sleep(50);
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', record);
      await server.stop();
    }
  });
});
