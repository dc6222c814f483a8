import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors';
import { redisServerAvailable, ThrowawayRedis } from '../kv/testing/throwawayRedis';
import { createRateLimits } from './rateLimit';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('rate limits on Redis', function () {
  const url = process.env.TEST_REDIS_URL;

  if (!url) {
    it('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379): skipped', function () {
      this.skip();
    });
    return;
  }

  it('two web processes share one counter under REDIS_PREFIX', async () => {
    const prefix = `test:${randomUUID().slice(0, 12)}:`;
    const a = createRateLimits({ redisUrl: url, redisPrefix: prefix });
    const b = createRateLimits({ redisUrl: url, redisPrefix: prefix });
    const inspect = new Redis(url);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const onA = a.limiter('signIn', 3, 600);
      const onB = b.limiter('signIn', 3, 600);
      await onA.consume('203.0.113.5');
      await onB.consume('203.0.113.5');
      await onA.consume('203.0.113.5');
      expect(await rejection(onB.consume('203.0.113.5'))).to.be.instanceOf(TooManyRequestsError);
      const keys = await inspect.keys(`${prefix}*`);
      expect(keys).to.deep.equal([`${prefix}rl:signIn:203.0.113.5`]);
      const ttl = await inspect.pttl(keys[0]!);
      expect(ttl).to.be.within(1, 600_000);
      await onA.delete('203.0.113.5');
      expect(await inspect.exists(keys[0]!)).to.equal(0);
      await onB.consume('203.0.113.5');
    } finally {
      inspect.disconnect();
      await a.close();
      await b.close();
    }
  });
});

describe('rate limits through a Redis outage', function () {
  let server: ThrowawayRedis;

  before(async function () {
    if (!redisServerAvailable()) {
      console.log('      (redis-server is not installed: outage tests skipped)');
      this.skip();
    }
    server = await ThrowawayRedis.start();
  });
  after(async () => {
    await server?.stop();
  });

  it('keeps limiting while Redis is down and uses Redis again once it is back', async () => {
    const limits = createRateLimits({ redisUrl: server.url, redisPrefix: 'outage:' });
    try {
      await limits.ready();
      const limit = limits.limiter('otp', 2, 600);
      await limit.consume('user:1');
      await server.stop();
      // Redis is gone: the insurance limiter in memory takes over with the same points.
      await limit.consume('user:2');
      await limit.consume('user:2');
      expect(await rejection(limit.consume('user:2'))).to.be.instanceOf(TooManyRequestsError);
      await server.start();
      await limits.ready();
      // The limiter's own client reconnects by itself; wait for a consume that reaches Redis.
      const inspect = new Redis(server.url);
      try {
        for (;;) {
          await limit.consume('user:3');
          if ((await inspect.get('outage:rl:otp:user:3')) !== null) break;
          await limit.delete('user:3');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await limit.consume('user:3');
        expect(await rejection(limit.consume('user:3'))).to.be.instanceOf(TooManyRequestsError);
        expect(await inspect.get('outage:rl:otp:user:3')).to.equal('3');
      } finally {
        inspect.disconnect();
      }
    } finally {
      await limits.close();
    }
  });
});
