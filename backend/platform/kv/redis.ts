import { ReplyError, type Redis } from 'ioredis';
import type { Logger } from '../logger';
import { createRedisClient } from './clients';
import { assertCanonicalInteger, assertTtl, KVUnavailableError } from './errors';
import type { KV, SetIfGreaterOptions, SetIfGreaterResult } from './types';

export interface RedisKVOptions {
  url: string;
  /** Put before every key and channel (config.redisPrefix). */
  prefix: string;
  logger?: Logger;
}

/** Longest wait for a SUBSCRIBE to be confirmed before the call counts as unavailable. */
export const SUBSCRIBE_TIMEOUT_MS = 2000;

// INCR and, only when it created the key, PEXPIRE: atomic, so a counter never lives forever.
const INCR_WITH_TTL = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value`;

// SET when ARGV[1] is greater than the stored value and the floor ARGV[2] ('' = none), with PX ARGV[3]
// ('' = none); ARGV[4] = '1': a missing key answers -1 and stays missing. Decimal integers compared
// by length, then as strings (never as Lua doubles). 1 stored, 0 not greater.
const SET_IF_GREATER = `
local function greater(a, b)
  if #a ~= #b then return #a > #b end
  return a > b
end
local value = ARGV[1]
local current = redis.call('GET', KEYS[1])
if not current and ARGV[4] == '1' then return -1 end
if ARGV[2] ~= '' and not greater(value, ARGV[2]) then return 0 end
if current and not greater(value, current) then return 0 end
if ARGV[3] ~= '' then redis.call('SET', KEYS[1], value, 'PX', ARGV[3]) else redis.call('SET', KEYS[1], value) end
return 1`;

/** Events ending a connection attempt of an ioredis client, successful or not. */
const ATTEMPT_OUTCOMES = ['ready', 'close', 'end'] as const;

// Replies meaning "this server cannot serve now", as opposed to a bad command.
const UNAVAILABLE_REPLY_RE = /^(LOADING|MASTERDOWN|READONLY|BUSY|TRYAGAIN|CLUSTERDOWN)\b/;

/**
 * KV on Redis. Commands go through a fail-fast client (no offline queue, one retry): while Redis
 * is down every call rejects within milliseconds with KVUnavailableError, and the client keeps
 * reconnecting so calls succeed again once Redis is back. Subscriptions use a second connection,
 * opened on the first subscribe and resubscribed after every reconnect; messages published while
 * the connection is down are lost (Redis pub/sub semantics), so `onResubscribed` listeners hear
 * when the subscriptions are live again and catch up from the stored state.
 */
export class RedisKV implements KV {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly resubscribedListeners = new Set<(lostAt: Date) => void>();

  constructor(private readonly options: RedisKVOptions) {
    this.client = createRedisClient(options.url, 'request', options.logger);
  }

  get(key: string): Promise<string | null> {
    return this.run('get', () => this.client.get(this.key(key)));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    await this.run('set', () =>
      ttlMs === undefined ? this.client.set(this.key(key), value) : this.client.set(this.key(key), value, 'PX', ttlMs),
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    assertTtl(ttlMs);
    const reply = await this.run('setIfAbsent', () =>
      ttlMs === undefined
        ? this.client.set(this.key(key), value, 'NX')
        : this.client.set(this.key(key), value, 'PX', ttlMs, 'NX'),
    );
    return reply === 'OK';
  }

  async del(key: string): Promise<void> {
    await this.run('del', () => this.client.del(this.key(key)));
  }

  async setIfGreater(key: string, value: string, options: SetIfGreaterOptions = {}): Promise<SetIfGreaterResult> {
    assertTtl(options.ttlMs);
    assertCanonicalInteger(value, 'value');
    if (options.floor != null) assertCanonicalInteger(options.floor, 'floor');
    const ttl = options.ttlMs === undefined ? '' : String(options.ttlMs);
    const reply = Number(await this.run('setIfGreater', () => this.client.eval(SET_IF_GREATER, 1, this.key(key), value, options.floor ?? '', ttl, options.onlyIfPresent ? '1' : '0')));
    return reply === 1 ? 'stored' : reply === -1 ? 'absent' : 'not-greater';
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    assertTtl(ttlMs);
    if (ttlMs === undefined) return this.run('incr', () => this.client.incr(this.key(key)));
    const reply = await this.run('incr', () => this.client.eval(INCR_WITH_TTL, 1, this.key(key), ttlMs));
    return Number(reply);
  }

  async hashSet(key: string, field: string, value: string, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    const name = this.key(key);
    await this.run('hashSet', async () => {
      if (ttlMs === undefined) return this.client.hset(name, field, value);
      // One transaction: the hash never exists without its TTL.
      const replies = await this.client.multi().hset(name, field, value).pexpire(name, ttlMs).exec();
      const failed = replies?.find(([error]) => error);
      if (failed) throw failed[0];
      return replies;
    });
  }

  hashGetAll(key: string): Promise<Record<string, string>> {
    return this.run('hashGetAll', () => this.client.hgetall(this.key(key)));
  }

  async hashDel(key: string, field: string): Promise<void> {
    await this.run('hashDel', () => this.client.hdel(this.key(key), field));
  }

  ttl(key: string): Promise<number> {
    return this.run('ttl', () => this.client.pttl(this.key(key)));
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.run('publish', () => this.client.publish(this.key(channel), message));
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    // The request client answers at once whether Redis is reachable; the subscriber connection
    // would queue the SUBSCRIBE until Redis returns.
    await this.run('subscribe', () => this.client.ping());
    const subscriber = this.subscriberConnection();
    const name = this.key(channel);
    const handler = (message: string) => onMessage(message);
    const handlers = this.handlers.get(name) ?? new Set();
    const first = handlers.size === 0;
    handlers.add(handler);
    this.handlers.set(name, handlers);
    const unsubscribe = async () => this.removeHandler(name, handler);
    if (first) {
      try {
        await this.run('subscribe', () => withTimeout(subscriber.subscribe(name), SUBSCRIBE_TIMEOUT_MS));
      } catch (error) {
        await unsubscribe();
        throw error;
      }
    }
    return unsubscribe;
  }

  onResubscribed(listener: (lostAt: Date) => void): () => void {
    this.resubscribedListeners.add(listener);
    return () => void this.resubscribedListeners.delete(listener);
  }

  async ping(): Promise<void> {
    await this.run('ping', () => this.client.ping());
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.resubscribedListeners.clear();
    const clients = this.subscriber ? [this.client, this.subscriber] : [this.client];
    await Promise.all(clients.map((client) => closeClient(client)));
  }

  private key(name: string): string {
    return `${this.options.prefix}${name}`;
  }

  private async run<T>(operation: string, command: () => Promise<T>): Promise<T> {
    try {
      await this.connectionAttempt();
      return await command();
    } catch (error) {
      if (isCommandError(error)) throw error;
      throw new KVUnavailableError(operation, { cause: error });
    }
  }

  /**
   * Waits while a connection attempt is in progress (a new client, or a reconnect under way), so
   * the first commands after start-up do not fail; the attempt itself is bounded by the connect
   * timeout. Between attempts (Redis down) it returns at once and the command fails fast.
   */
  private async connectionAttempt(): Promise<void> {
    const client = this.client;
    if (client.status !== 'connecting' && client.status !== 'connect') return;
    await new Promise<void>((resolve) => {
      const settle = () => {
        for (const event of ATTEMPT_OUTCOMES) client.off(event, settle);
        resolve();
      };
      for (const event of ATTEMPT_OUTCOMES) client.on(event, settle);
    });
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = createRedisClient(this.options.url, 'subscriber', this.options.logger);
    subscriber.on('message', (channel: string, message: string) => {
      const handlers = this.handlers.get(channel);
      if (handlers) for (const handler of [...handlers]) handler(message);
    });
    this.watchResubscriptions(subscriber);
    this.subscriber = subscriber;
    return subscriber;
  }

  /**
   * Notes when the subscriber connection is lost; once it is ready again (ioredis has sent the
   * SUBSCRIBEs again), a PING — answered after them, replies come in command order — tells that
   * the subscriptions are live, and the listeners hear since when messages may have been lost.
   */
  private watchResubscriptions(subscriber: Redis): void {
    let lostAt: Date | null = null;
    subscriber.on('close', () => {
      lostAt ??= new Date();
    });
    subscriber.on('ready', () => {
      const since = lostAt;
      if (since === null) return;
      lostAt = null;
      subscriber.ping().then(
        () => {
          for (const listener of [...this.resubscribedListeners]) {
            try {
              listener(since);
            } catch (error) {
              this.options.logger?.error({ err: error }, 'redis resubscription listener failed');
            }
          }
        },
        () => {
          // Lost again before the PING answered: the next 'ready' reports the earlier loss.
          if (lostAt === null || lostAt > since) lostAt = since;
        },
      );
    });
  }

  private removeHandler(name: string, handler: (message: string) => void): void {
    const handlers = this.handlers.get(name);
    if (!handlers?.delete(handler) || handlers.size > 0) return;
    this.handlers.delete(name);
    // Not awaited: while Redis is down the UNSUBSCRIBE waits in the queue, and the handler is
    // already gone, so a late message on this channel reaches nobody.
    this.subscriber?.unsubscribe(name).catch((error: unknown) => {
      this.options.logger?.warn({ err: error, channel: name }, 'redis unsubscribe failed');
    });
  }
}

/** A reply error from Redis about the command itself (wrong type, bad argument): not an outage. */
function isCommandError(error: unknown): boolean {
  return error instanceof (ReplyError as typeof Error) && !UNAVAILABLE_REPLY_RE.test(error.message);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function closeClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
