import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger';

/**
 * What a client is for:
 * - `request`: commands on the request path; they fail within milliseconds while Redis is down
 *   (no offline queue, one retry) so the caller can answer 503 instead of hanging.
 * - `subscriber`: a connection that subscribes; commands wait for Redis, subscriptions are
 *   restored after every reconnect.
 * - `adapter`: the pub and the sub client of `@socket.io/redis-adapter` (create both with this
 *   purpose). Subscriptions wait for Redis and are restored after reconnects; the adapter publishes
 *   fire-and-forget, so a failed command is logged instead of becoming an unhandled rejection
 *   (which would stop the process) — see GuardedRedis.
 */
export type RedisPurpose = 'request' | 'subscriber' | 'adapter';

/** Longest pause between reconnection attempts: every client keeps trying forever. */
export const MAX_RECONNECT_DELAY_MS = 2000;
/** How long a TCP connect may take before the attempt counts as failed. */
export const CONNECT_TIMEOUT_MS = 1000;

/** Reconnect after 50, 100, … ms, capped at MAX_RECONNECT_DELAY_MS; never gives up. */
export function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS);
}

export type LegacyReplyOptions = RedisOptions & { replyMapping: 'legacy' };

/**
 * ioredis options per purpose. ioredis 6 speaks RESP3 (HELLO 3) by default. What that changes:
 * pub/sub messages arrive as out-of-band push frames, which ioredis still emits as
 * `message`/`messageBuffer`/`pmessageBuffer` (the events @socket.io/redis-adapter listens to), and
 * a subscribed connection may still run ordinary commands. Map replies (e.g. `HELLO`) are
 * RESP3-only; `replyMapping: 'legacy'` flattens them to the RESP2 array shapes the adapter parses
 * (`PUBSUB NUMSUB`). Both are pinned so a future default cannot silently change reply shapes.
 */
export function redisOptions(purpose: RedisPurpose): LegacyReplyOptions {
  const common: LegacyReplyOptions = {
    protocol: 3,
    replyMapping: 'legacy',
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
    connectionName: `exchanger-${purpose}`,
  };
  switch (purpose) {
    case 'request':
      return { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1, autoResubscribe: false };
    case 'subscriber':
    case 'adapter':
      return { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null, autoResubscribe: true };
  }
}

type SendCommand = Redis['sendCommand'];

/**
 * A client whose failed commands never surface as unhandled rejections: callers that await a
 * command still receive its error, callers that fire and forget (the Socket.IO adapter) get it
 * logged. `duplicate()` would return a plain client, so create each connection with
 * createRedisClient instead.
 */
class GuardedRedis extends Redis {
  onCommandError: (error: unknown) => void = () => undefined;

  override sendCommand(...args: Parameters<SendCommand>): ReturnType<SendCommand> {
    const result = super.sendCommand(...args);
    if (result instanceof Promise) result.catch((error: unknown) => this.onCommandError(error));
    return result;
  }
}

/**
 * A new ioredis client for `url` (redis:// or rediss://) configured for `purpose`. With a logger,
 * the loss of the connection is logged once per outage and its return once.
 */
export function createRedisClient(url: string, purpose: RedisPurpose, logger?: Logger): Redis {
  const options = redisOptions(purpose);
  let client: Redis;
  if (purpose === 'adapter') {
    const guarded = new GuardedRedis(url, options);
    guarded.onCommandError = (error) => logger?.warn({ err: error, purpose }, 'redis adapter command failed');
    client = guarded;
  } else {
    client = new Redis(url, options);
  }
  watchConnection(client, purpose, logger);
  return client;
}

function watchConnection(client: Redis, purpose: RedisPurpose, logger: Logger | undefined): void {
  let down = false;
  // Without an 'error' listener ioredis reports every failed reconnect attempt as unhandled.
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ err: error, purpose }, 'redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger?.info({ purpose }, 'redis connection restored');
  });
}
