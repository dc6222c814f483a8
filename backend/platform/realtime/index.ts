import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { LANG_COOKIE } from '../../../common/api';
import type { Config } from '../config/types';
import { pickLang } from '../../../common/api';
import type { Logger } from '../logger';
import { createRedisClient } from '../kv/clients';
import { nodeSecurityHeaders } from '../http/securityHeaders';
import { handshakeCookies } from './cookies';
import { isAllowedOrigin } from './origin';
import type { RealtimeIO, RealtimeSocket } from './types';

export type { RealtimeIO, RealtimeSocket } from './types';

export const SOCKET_PATH = '/socket.io';

export interface RealtimeDeps {
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'redisUrl' | 'redisPrefix'>;
  logger: Logger;
}

export interface Realtime {
  io: RealtimeIO;
  /**
   * Resolves once the Redis adapter's subscriptions are live (at once without Redis), so a
   * server that has started takes part in cluster-wide emits and queries from its first request.
   * Gives up waiting after ADAPTER_READY_TIMEOUT_MS while Redis is down; the adapter subscribes
   * again by itself when Redis returns.
   */
  ready(): Promise<void>;
  /** Disconnects every socket, stops the engine and closes the adapter's Redis clients. */
  close(): Promise<void>;
}

const ADAPTER_READY_TIMEOUT_MS = 5000;

/** QUIT when connected (flushes pending publishes); a client that is not would queue QUIT forever. */
async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}

/**
 * Runs first on every connection: the socket's language, then the greeting. Feature handlers
 * (handlers/orders.ts) add their own `connection` listeners after this one.
 */
function onConnection(socket: RealtimeSocket, serverId: string): void {
  const auth = socket.handshake.auth as { lang?: unknown };
  socket.data.lang = pickLang(
    typeof auth.lang === 'string' ? auth.lang : undefined,
    handshakeCookies(socket.request).get(LANG_COOKIE),
  );
  socket.emit('server:hello', { serverId, at: new Date().toISOString() });
}

/**
 * Socket.IO on the app's HTTP server, typed with common/events.ts: path /socket.io, Origin checked
 * on the handshake, the app's security headers on the engine's HTTP answers, and with REDIS_URL the Redis adapter (its own pub and sub clients, channels
 * prefixed by REDIS_PREFIX) so broadcasts reach the sockets of every web process.
 */
export function attachRealtime(httpServer: HttpServer, deps: RealtimeDeps): Realtime {
  const { config, logger } = deps;
  const serverId = randomUUID();
  const io: RealtimeIO = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    allowRequest: (req, callback) => {
      const allowed = isAllowedOrigin(req, config.publicUrl, config.trustProxy);
      if (!allowed) logger.warn({ origin: req.headers.origin }, 'socket handshake from a foreign origin rejected');
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
  // Polling answers, handshake refusals and upgrades carry the headers of every other answer.
  io.engine.use(nodeSecurityHeaders({ https: new URL(config.publicUrl).protocol === 'https:' }));

  const redisClients: Redis[] = [];
  let subscriber: Redis | null = null;
  if (config.redisUrl !== null) {
    const pub = createRedisClient(config.redisUrl, 'adapter');
    const sub = createRedisClient(config.redisUrl, 'adapter');
    redisClients.push(pub, sub);
    subscriber = sub;
    io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}socket.io` }));
  }

  io.on('connection', (socket) => onConnection(socket, serverId));

  return {
    io,
    async ready() {
      if (!subscriber) return;
      // Replies come in command order: PING answers after the adapter's queued SUBSCRIBEs.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), ADAPTER_READY_TIMEOUT_MS);
      });
      const outcome = await Promise.race([subscriber.ping().then(() => 'ready' as const), timeout]).catch(() => 'failed' as const);
      clearTimeout(timer);
      if (outcome !== 'ready') logger.warn({ outcome }, 'Socket.IO Redis adapter not subscribed yet; continuing');
    },
    async close() {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await Promise.all(redisClients.map(closeRedisClient));
    },
  };
}
