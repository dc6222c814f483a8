/**
 * Bench child: one web process of the product as `backend/main.ts` starts it — startServer with
 * production settings, and for ROLE=all the worker in the same process (the embedded default:
 * SQLite, in-process KV); for ROLE=web it shares DATABASE_URL and REDIS_URL with the other web
 * process and the worker (bench/mixed/worker.ts). TRUST_PROXY=1: the harness stands in for the
 * load balancer and gives every visitor its own X-Forwarded-For address. BENCH_SEED=1 migrates and
 * seeds the generated catalogue (as `npm run cli -- db:seed --generated`) before the start.
 *
 * The real rooms broadcaster (backend/rates/rooms.ts) sends the rate frames; it is wrapped only
 * to note, for the pairs the harness's widgets watch, which snapshot versions changed them —
 * what each watching page is owed.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedCatalogue } from '../../backend/catalogue/seedCatalogue';
import { createDatabase } from '../../backend/platform/db';
import { createLogger } from '../../backend/platform/logger';
import { directionKey } from '../../backend/rates/engine';
import { roomBroadcast } from '../../backend/rates/rooms';
import { startServer } from '../../backend/server';
import { startWorker, type RunningWorker } from '../../backend/workers';
import { generateCatalogue } from '../../db/seeders/generate';
import { runChild, serveParent, sleep, tell } from '../lib/child';
import { benchConfig, temporaryDataDir } from '../lib/server';

const RATES_TIMEOUT_MS = 180_000;

function storageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX'] as const) {
    const value = process.env[`BENCH_${name}`];
    if (value) env[name] = value;
  }
  return env;
}

async function main(): Promise<void> {
  const role = process.env.BENCH_ROLE ?? 'all';
  const dataDir = process.env.BENCH_DATA_DIR ?? temporaryDataDir();
  const config = benchConfig(dataDir, { ROLE: role, PORT: process.env.BENCH_PORT ?? '0', TRUST_PROXY: '1', ...storageEnv() });
  let seeded = { assets: 0, directions: 0 };
  if (process.env.BENCH_SEED === '1') {
    const seeding = createDatabase(config, createLogger(config));
    await seeding.migrate();
    seeded = await seedCatalogue({ db: seeding, data: generateCatalogue() });
    await seeding.close();
  }
  const server = await startServer(config);
  let worker: RunningWorker | null = null;
  if (role === 'all') worker = await startWorker({ config, logger: server.logger, kv: server.kv, db: server.db, services: server.services });

  const watched = new Set<string>();
  const changes = new Map<string, number[]>();
  let lastVersion = 0;
  const rooms = roomBroadcast(server.io);
  server.rates.broadcastTo({
    rates(update, before) {
      lastVersion = Math.max(lastVersion, update.version);
      if (watched.size > 0) {
        for (const key of [...update.rates, ...update.removed].map(directionKey)) {
          if (watched.has(key)) changes.get(key)?.push(update.version);
        }
      }
      rooms.rates(update, before);
    },
    reserves: (update) => rooms.reserves(update),
  });

  let peakRss = process.memoryUsage().rss;
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250).unref();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  serveParent(async (message) => {
    if (message.type === 'rates') {
      const deadline = Date.now() + RATES_TIMEOUT_MS;
      while (server.rates.current() === null) {
        if (Date.now() > deadline) throw new Error('no rates were published');
        await sleep(200);
      }
      tell({ type: 'rates', version: server.rates.current()?.version ?? 0 });
    }
    if (message.type === 'watch') {
      for (const key of message.keys as string[]) {
        watched.add(key);
        if (!changes.has(key)) changes.set(key, []);
      }
      tell({ type: 'watching', keys: watched.size });
    }
    if (message.type === 'reset') {
      loopDelay.reset();
      peakRss = process.memoryUsage().rss;
      tell({ type: 'reset', cpuMs: cpuMs() });
    }
    if (message.type === 'status') {
      tell({
        type: 'status',
        version: lastVersion,
        rss: process.memoryUsage().rss,
        peakRss,
        cpuMs: cpuMs(),
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
        sockets: server.io.of('/').sockets.size,
      });
    }
    if (message.type === 'changes') tell({ type: 'changes', changes: [...changes] });
    if (message.type === 'stop') {
      await worker?.close();
      await server.close();
      tell({ type: 'stopped' });
    }
  });
  tell({ type: 'ready', port: server.port, pid: process.pid, ...seeded, storage: `${server.db.dialect === 'sqlite' ? 'SQLite' : 'MariaDB'}, ${config.redisUrl ? 'Redis' : 'in-process KV'}` });
}

function cpuMs(): number {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}

runChild(main);
