import type { Redis } from 'ioredis';
import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config/types';
import { ServiceUnavailableError, TooManyRequestsError } from '../errors';
import type { Logger } from '../logger';
import { createRedisClient } from '../kv/clients';
import type { AppContext, AppMiddleware } from '../http/types';

/**
 * Brute-force limits on rate-limiter-flexible. With REDIS_URL the counters live in Redis (shared
 * by every web process, keys `<REDIS_PREFIX>rl:<name>:<key>`) through a fail-fast request client;
 * while Redis is down or not ready each limiter falls back to an in-memory insurance limiter with
 * the same points, so limits never fail open. Without REDIS_URL they are in memory.
 */
export interface LimiterOptions {
  /** Once over the limit, refuse for this long (default: until the window ends). */
  blockDurationSec?: number;
}

export interface Limiter {
  readonly name: string;
  readonly points: number;
  readonly durationSec: number;
  /** Counts `points` (1) for `key`; throws 429 too_many_requests (with Retry-After) once over the limit. */
  consume(key: string, points?: number): Promise<void>;
  /** Throws 429 when `key` has used up its points, without counting (check before an expensive step). */
  check(key: string): Promise<void>;
  /** Gives points back (e.g. a successful attempt should not count). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key` (e.g. clear failed sign-ins after a success). */
  delete(key: string): Promise<void>;
}

export interface RateLimitOptions extends LimiterOptions {
  name: string;
  points: number;
  durationSec: number;
  /** The key of a request (e.g. `clientIp(ctx)`); null skips the limit for that request. */
  key: (ctx: AppContext) => string | null;
}

export interface RateLimits {
  readonly kind: 'redis' | 'memory';
  limiter(name: string, points: number, durationSec: number, options?: LimiterOptions): Limiter;
  /** Koa middleware counting every request under `options.key`. */
  rateLimit(options: RateLimitOptions): AppMiddleware;
  /** Resolves once the Redis client is connected (immediately in memory); limits work before it too, in memory. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The client's address as Koa sees it: the socket peer, or X-Forwarded-For only when the app
 * trusts a proxy (`new Koa({ proxy: TRUST_PROXY })`), so a rotating header does not reset limits.
 * IPv4-mapped IPv6 addresses are folded to IPv4.
 */
export function clientIp(ctx: Pick<Context, 'ip'>): string {
  return ctx.ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1') || 'unknown';
}

function toError(limiter: { name: string; points: number }, thrown: unknown): Error {
  if (thrown instanceof RateLimiterRes) {
    const seconds = Math.max(1, Math.ceil(thrown.msBeforeNext / 1000));
    return new TooManyRequestsError(seconds, {
      messageKey: 'security.too_many_requests',
      values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    });
  }
  return new ServiceUnavailableError(undefined, { cause: thrown });
}

function wrap(name: string, points: number, durationSec: number, store: RateLimiterAbstract): Limiter {
  const self = { name, points, durationSec };
  return {
    ...self,
    async consume(key, count = 1) {
      try {
        await store.consume(key, count);
      } catch (thrown) {
        throw toError(self, thrown);
      }
    },
    async check(key) {
      let res: RateLimiterRes | null;
      try {
        res = await store.get(key);
      } catch (thrown) {
        throw toError(self, thrown);
      }
      if (res !== null && res.consumedPoints >= points) throw toError(self, res);
    },
    async reward(key, count = 1) {
      try {
        await store.reward(key, count);
      } catch (thrown) {
        throw toError(self, thrown);
      }
    },
    async delete(key) {
      try {
        await store.delete(key);
      } catch (thrown) {
        throw toError(self, thrown);
      }
    },
  };
}

export function createRateLimits(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, logger?: Logger): RateLimits {
  const client: Redis | null = config.redisUrl ? createRedisClient(config.redisUrl, 'request', logger) : null;
  const names = new Set<string>();

  function limiter(name: string, points: number, durationSec: number, options: LimiterOptions = {}): Limiter {
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`rate limit name "${name}": letters, digits, _ . - only`);
    if (names.has(name)) throw new Error(`rate limit "${name}" is defined twice`);
    if (!Number.isInteger(points) || points < 1 || !Number.isInteger(durationSec) || durationSec < 1) {
      throw new Error(`rate limit "${name}": points and durationSec must be positive integers`);
    }
    names.add(name);
    const common = { points, duration: durationSec, blockDuration: options.blockDurationSec ?? 0 };
    const memory = new RateLimiterMemory({ ...common, keyPrefix: `rl:${name}` });
    if (!client) return wrap(name, points, durationSec, memory);
    const redis = new RateLimiterRedis({
      ...common,
      storeClient: client,
      keyPrefix: `${config.redisPrefix}rl:${name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
    return wrap(name, points, durationSec, redis);
  }

  return {
    kind: client ? 'redis' : 'memory',
    limiter,
    rateLimit(options) {
      const limit = limiter(options.name, options.points, options.durationSec, options);
      return async function rateLimitMiddleware(ctx, next) {
        const key = options.key(ctx);
        if (key !== null) await limit.consume(key);
        await next();
      };
    },
    async ready() {
      if (!client || client.status === 'ready') return;
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
    },
    async close() {
      if (!client) return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
