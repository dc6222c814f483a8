/**
 * Bench child: the worker as `npm run worker` starts it (ROLE=worker, backend/main.ts's worker
 * branch): its own KV, database and services, the default jobs — the simulated feed pricing the
 * generated catalogue, order expiry and timers, the mail outbox — beside the web processes of
 * bench/mixed/server.ts, through the same MariaDB and Redis.
 */
import { createDatabase } from '../../backend/platform/db';
import { createKV } from '../../backend/platform/kv';
import { createLogger } from '../../backend/platform/logger';
import { buildServices } from '../../backend/services';
import { startWorker } from '../../backend/workers';
import { runChild, serveParent, tell } from '../lib/child';
import { benchConfig, temporaryDataDir } from '../lib/server';

async function main(): Promise<void> {
  const env: Record<string, string> = { ROLE: 'worker' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX'] as const) {
    const value = process.env[`BENCH_${name}`];
    if (value) env[name] = value;
  }
  const config = benchConfig(process.env.BENCH_DATA_DIR ?? temporaryDataDir(), env);
  const logger = createLogger(config);
  const kv = createKV(config, logger);
  const db = createDatabase(config, logger);
  const services = buildServices(config, logger);
  const worker = await startWorker({ config, logger, kv, db, services });
  let peakRss = process.memoryUsage().rss;
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250).unref();
  serveParent(async (message) => {
    if (message.type === 'status') {
      const cpu = process.cpuUsage();
      tell({ type: 'status', rss: process.memoryUsage().rss, peakRss, cpuMs: (cpu.user + cpu.system) / 1000 });
    }
    if (message.type === 'stop') {
      await worker.close();
      await Promise.allSettled([kv.close(), db.close()]);
      services.close();
      tell({ type: 'stopped' });
    }
  });
  tell({ type: 'ready', pid: process.pid });
}

runChild(main);
