import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { KVUnavailableError } from './errors';
import { describeKVContract, nextMessage } from './testing/kvContract';
import { RedisKV } from './redis';
import { redisServerAvailable, ThrowawayRedis } from './testing/throwawayRedis';
import type { KV } from './types';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
/** Every key of this run starts with it, so runs sharing one Redis never meet. */
const RUN_PREFIX = `exch-test:kv:${process.pid}:${randomBytes(4).toString('hex')}:`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Calls `attempt` until it resolves; the mocha timeout bounds the wait. */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch {
      await sleep(50);
    }
  }
}

if (TEST_REDIS_URL) {
  describe('RedisKV on TEST_REDIS_URL', () => {
    const admin = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    after(async () => {
      const keys = await admin.keys(`${RUN_PREFIX}*`);
      if (keys.length > 0) await admin.del(...keys);
      admin.disconnect();
    });

    let stores = 0;
    describeKVContract('RedisKV', async () => ({
      // A prefix per test: tests reuse key names and must not see each other's keys.
      kv: new RedisKV({ url: TEST_REDIS_URL, prefix: `${RUN_PREFIX}${++stores}:` }),
      // Redis expires keys by its own clock: let the time really pass.
      elapse: (ms) => sleep(ms),
    }));

    it('stores every key under the configured prefix', async () => {
      const kv = new RedisKV({ url: TEST_REDIS_URL, prefix: `${RUN_PREFIX}prefix:` });
      await kv.set('rate:BTC', '1');
      await kv.close();
      expect(await admin.get(`${RUN_PREFIX}prefix:rate:BTC`)).to.equal('1');
    });

    it('publishes on the prefixed channel', async () => {
      const listener = new Redis(TEST_REDIS_URL);
      await listener.subscribe(`${RUN_PREFIX}prefix:rates`);
      const message = new Promise<string>((resolve) => listener.on('message', (_channel, text: string) => resolve(text)));
      const kv = new RedisKV({ url: TEST_REDIS_URL, prefix: `${RUN_PREFIX}prefix:` });
      await kv.publish('rates', 'tick');
      expect(await message).to.equal('tick');
      await kv.close();
      listener.disconnect();
    });
  });
} else {
  describe('RedisKV on TEST_REDIS_URL', () => {
    it('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379): skipped', function () {
      this.skip();
    });
  });
}

describe('RedisKV while Redis is unreachable', function () {
  // A hang would show as a timeout: every call must reject well within it.
  this.timeout(3000);
  let kv: KV;
  beforeEach(() => {
    kv = new RedisKV({ url: 'redis://127.0.0.1:1', prefix: RUN_PREFIX });
  });
  afterEach(async () => kv.close());

  const calls: [string, (kv: KV) => Promise<unknown>][] = [
    ['get', (store) => store.get('k')],
    ['set', (store) => store.set('k', 'v', 1000)],
    ['setIfAbsent', (store) => store.setIfAbsent('k', 'v')],
    ['del', (store) => store.del('k')],
    ['incr', (store) => store.incr('k', 1000)],
    ['ttl', (store) => store.ttl('k')],
    ['publish', (store) => store.publish('c', 'm')],
    ['subscribe', (store) => store.subscribe('c', () => undefined)],
    ['ping', (store) => store.ping()],
  ];
  for (const [operation, call] of calls) {
    it(`rejects ${operation} with KVUnavailableError instead of waiting`, async () => {
      const error = await rejection(call(kv));
      expect(error).to.be.instanceOf(KVUnavailableError);
      expect((error as KVUnavailableError).operation).to.equal(operation);
    });
  }
});

describe('RedisKV through a Redis outage', function () {
  this.timeout(20_000);
  let server: ThrowawayRedis;
  let kv: RedisKV;

  before(async function () {
    if (!redisServerAvailable()) {
      console.log('      (redis-server is not installed: outage tests skipped)');
      this.skip();
    }
    server = await ThrowawayRedis.start();
  });
  beforeEach(async () => {
    if (!server) return;
    kv = new RedisKV({ url: server.url, prefix: RUN_PREFIX });
    await eventually(() => kv.ping());
  });
  afterEach(async () => {
    await kv?.close();
  });
  after(async () => server?.stop());

  it('rejects with KVUnavailableError once the server is gone', async () => {
    await kv.set('before', 'x');
    await server.stop();
    expect(await rejection(kv.get('before'))).to.be.instanceOf(KVUnavailableError);
    await server.start();
  });

  it('answers again after the server returns, without a new client', async () => {
    await server.stop();
    expect(await rejection(kv.ping())).to.be.instanceOf(KVUnavailableError);
    await server.start();
    await eventually(() => kv.set('after', 'back'));
    expect(await kv.get('after')).to.equal('back');
  });

  it('resubscribes after the server returns', async () => {
    const { message } = await nextMessage(kv, 'events');
    await server.stop();
    await server.start();
    let received: string | null = null;
    void message.then((text) => (received = text));
    // Publish until the restored subscription hears it (messages sent while down are lost).
    await eventually(async () => {
      await kv.publish('events', 'after restart');
      await sleep(20);
      if (received === null) throw new Error('not yet');
    });
    expect(received).to.equal('after restart');
  });

  it('tells when the subscriptions are live again, with when they were lost', async () => {
    const heard: string[] = [];
    await kv.subscribe('events', (text) => heard.push(text));
    const resumed: Date[] = [];
    const live = new Promise<void>((resolve) =>
      kv.onResubscribed((lostAt) => {
        resumed.push(lostAt);
        // Live when told: a message published now arrives.
        void kv.publish('events', 'right after').then(resolve);
      }),
    );
    const beforeStop = Date.now();
    await server.stop();
    const stopped = Date.now();
    await sleep(300);
    await server.start();
    await live;
    await eventually(async () => {
      if (!heard.includes('right after')) throw new Error('not yet');
    });
    expect(resumed).to.have.length(1);
    expect(resumed[0].getTime()).to.be.within(beforeStop, stopped + 50);
  });
});
