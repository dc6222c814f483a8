/**
 * Bench child: the real app answering `POST /api/orders` — startServer (embedded defaults:
 * SQLite, in-process KV, migrations, the RatesStore) with one test direction whose rate is
 * published to the store, and the same Koa app (createApp: every middleware, sessions,
 * validation, the createOrder command, the history row, the publish and the outbox email after
 * commit, sent by the order mail queue: a status request waits for it) on its own port with limiters that never refuse: the order creation limit is per IP
 * and the load comes from one address. DATABASE_URL and REDIS_URL, when set, replace the embedded
 * SQLite and KV.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../backend/app';
import { settleOrderMails } from '../../backend/orders/mail';
import { buildDirection, orderRequest } from '../../backend/orders/testing';
import type { Limiter, RateLimits } from '../../backend/platform/security/rateLimit';
import { startServer } from '../../backend/server';
import { runChild, serveParent, tell } from '../lib/child';
import { benchConfig, benchRedisEnv, temporaryDataDir } from '../lib/server';

function unlimited(): RateLimits {
  const limiter = (name: string, points: number, durationSec: number): Limiter => ({
    name,
    points,
    durationSec,
    consume: async () => undefined,
    check: async () => undefined,
    reward: async () => undefined,
    delete: async () => undefined,
  });
  return {
    kind: 'memory',
    limiter,
    rateLimit: () => async (_ctx, next) => next(),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

async function main(): Promise<void> {
  // DATABASE_URL / REDIS_URL given to the harness run the app on them (e.g. MySQL and Redis).
  const external: Record<string, string> = {};
  if (process.env.DATABASE_URL) external.DATABASE_URL = process.env.DATABASE_URL;
  if (process.env.REDIS_URL) Object.assign(external, { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'bench:' });
  const config = benchConfig(temporaryDataDir(), { ...benchRedisEnv(), ...external });
  const server = await startServer(config);
  const direction = await buildDirection(server, { rate: '97250.5', from: { type: 'coin', precision: 8 }, to: { type: 'coin', precision: 6 } });
  const app = createApp({ config, logger: server.logger, db: server.db, kv: server.kv, rates: server.rates, services: server.services, rateLimits: unlimited() });
  const http = createServer(app.callback());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const request = orderRequest(direction, { amountSend: '0.05', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', email: 'bench@example.test' });
  serveParent(async (message) => {
    if (message.type === 'status') {
      // The order mails of the load go out after their answers: their CPU belongs to it.
      await settleOrderMails();
      const cpu = process.cpuUsage();
      tell({ type: 'status', cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  const storage = `${server.db.dialect === 'sqlite' ? 'SQLite' : 'MySQL'}, ${config.redisUrl ? 'Redis' : 'in-process KV'}`;
  tell({ type: 'ready', port: (http.address() as AddressInfo).port, request: JSON.stringify(request), storage });
}

runChild(main);
