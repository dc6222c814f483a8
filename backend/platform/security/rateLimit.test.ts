import { expect } from 'chai';
import { ServiceUnavailableError, TooManyRequestsError } from '../errors';
import { listenApp, type ListeningApp } from '../../test/http';
import { createRateLimits, type RateLimits } from './rateLimit';
import { limitedApp } from './testing/rateLimitTestApp';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function get(app: ListeningApp, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/`, { headers: { lang: 'en', ...headers } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> };
}

describe('rate limits in memory', () => {
  let limits: RateLimits;
  beforeEach(() => {
    limits = createRateLimits({ redisUrl: null, redisPrefix: 'unit:' });
  });
  afterEach(async () => {
    await limits.close();
  });

  it('refuses the request over the limit with 429 too_many_requests, Retry-After and a translated message', async () => {
    const app = await listenApp(limitedApp(limits, { name: 'page', points: 3, proxy: false }));
    try {
      for (let i = 0; i < 3; i++) expect((await get(app)).status).to.equal(200);
      const refused = await get(app);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.include({ success: false });
      expect(refused.body.error.code).to.equal('too_many_requests');
      expect(refused.body.error.message).to.equal('Too many attempts. Please try again in 60 min');
      expect(Number(refused.retryAfter)).to.be.within(3500, 3600);
      const ru = await get(app, { lang: 'ru' });
      expect(ru.body.error.message).to.equal('Слишком много попыток. Повторите через 60 мин');
    } finally {
      await app.close();
    }
  });

  it('ignores a rotating X-Forwarded-For when no proxy is trusted (TRUST_PROXY=0)', async () => {
    const app = await listenApp(limitedApp(limits, { name: 'xff', points: 2, proxy: false }));
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await get(app, { 'x-forwarded-for': `198.51.100.${i + 1}` });
        statuses.push(answer.status);
        if (answer.status === 200) expect(answer.body.ip).to.equal('127.0.0.1');
      }
      expect(statuses).to.deep.equal([200, 200, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('behind a trusted proxy (maxIpsCount 1) keys on the address the proxy appended, not on spoofed ones', async () => {
    const app = await listenApp(limitedApp(limits, { name: 'proxied', points: 2, proxy: true, maxIpsCount: 1 }));
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await get(app, { 'x-forwarded-for': `10.0.0.${i + 1}, 203.0.113.50` });
        statuses.push(answer.status);
        if (answer.status === 200) expect(answer.body.ip).to.equal('203.0.113.50');
      }
      expect(statuses).to.deep.equal([200, 200, 429, 429]);
      expect((await get(app, { 'x-forwarded-for': '203.0.113.51' })).status).to.equal(200);
    } finally {
      await app.close();
    }
  });

  it('a limiter counts per key; reward gives a point back, delete forgets the key', async () => {
    const failures = limits.limiter('signInFailures', 2, 900);
    await failures.consume('ann@example.com|203.0.113.5');
    await failures.consume('ann@example.com|203.0.113.5');
    const error = await rejection(failures.consume('ann@example.com|203.0.113.5'));
    expect(error).to.be.instanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).retryAfterSeconds).to.be.within(800, 900);
    await failures.consume('bob@example.com|203.0.113.5');
    expect(await rejection(failures.check('ann@example.com|203.0.113.5'))).to.be.instanceOf(TooManyRequestsError);
    await failures.delete('ann@example.com|203.0.113.5');
    await failures.check('ann@example.com|203.0.113.5');
    await failures.consume('ann@example.com|203.0.113.5');
    await failures.consume('ann@example.com|203.0.113.5'); // 2 of 2
    await failures.reward('ann@example.com|203.0.113.5');
    await failures.consume('ann@example.com|203.0.113.5'); // allowed: the reward made room for it
    expect(await rejection(failures.consume('ann@example.com|203.0.113.5'))).to.be.instanceOf(TooManyRequestsError);
  });

  it('check does not count', async () => {
    const limit = limits.limiter('checkOnly', 1, 60);
    for (let i = 0; i < 5; i++) await limit.check('k');
    await limit.consume('k');
    expect(await rejection(limit.check('k'))).to.be.instanceOf(TooManyRequestsError);
  });

  it('blockDurationSec keeps refusing longer than the window', async () => {
    const limit = limits.limiter('blocking', 1, 60, { blockDurationSec: 3600 });
    await limit.consume('k');
    const error = (await rejection(limit.consume('k'))) as TooManyRequestsError;
    expect(error.retryAfterSeconds).to.be.within(3500, 3600);
  });

  it('refuses a name defined twice and bad numbers', () => {
    limits.limiter('once', 1, 1);
    expect(() => limits.limiter('once', 1, 1)).to.throw(/twice/);
    expect(() => limits.limiter('zero', 0, 1)).to.throw(/positive/);
    expect(() => limits.limiter('bad name', 1, 1)).to.throw(/letters/);
  });
});

describe('rate limits with Redis unreachable', () => {
  it('still limits through the in-memory insurance limiter (never fails open)', async () => {
    // Port 1 on loopback: nothing listens, every connection attempt is refused.
    const limits = createRateLimits({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'unit:' });
    try {
      expect(limits.kind).to.equal('redis');
      const app = await listenApp(limitedApp(limits, { name: 'down', points: 2, proxy: false }));
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await get(app)).status);
        expect(statuses).to.deep.equal([200, 200, 429, 429]);
      } finally {
        await app.close();
      }
      const limit = limits.limiter('downDirect', 1, 60);
      await limit.consume('k');
      const error = await rejection(limit.consume('k'));
      expect(error).to.be.instanceOf(TooManyRequestsError);
      expect(error).to.not.be.instanceOf(ServiceUnavailableError);
    } finally {
      await limits.close();
    }
  });
});
