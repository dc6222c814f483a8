/**
 * Bench child: the system under test of the exports bench. The generated load catalogue (1,000
 * currencies, 20,000 directions) is seeded into a fresh SQLite database, then the real web server
 * starts on it. BENCH_WORKER=in-process runs the worker inside it, as the embedded default does
 * (ROLE=all: one process, in-process KV); `separate` leaves the worker to bench/exports/worker.ts
 * and talks to it through the Redis of BENCH_REDIS_URL (ROLE=web). Either way the worker's feed
 * moves every price on every tick, so the store rebuilds the exports throughout the run.
 *
 * Queries are counted through Sequelize's `beforeQuery` hook, on the web server's connection and
 * on the in-process worker's own one (which re-reads the catalogue every CATALOGUE_REFRESH_MS);
 * the process's CPU time is reported so the harness can charge it per request.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedCatalogue } from '../../backend/catalogue/seedCatalogue';
import { createDatabase } from '../../backend/platform/db';
import { createLogger } from '../../backend/platform/logger';
import { RATES_SNAPSHOT_KEY } from '../../backend/rates/store';
import { HEARTBEAT_KEY, startWorker, type RunningWorker } from '../../backend/workers';
import { generateCatalogue } from '../../db/seeders/generate';
import { runChild, serveParent, sleep, tell } from '../lib/child';
import { benchConfig, benchRedisEnv, startBenchServer, temporaryDataDir } from '../lib/server';
import { generatedSource } from './generatedFeed';

const RATES_TIMEOUT_MS = 120_000;
const inProcess = process.env.BENCH_WORKER !== 'separate';

async function main(): Promise<void> {
  const dataDir = temporaryDataDir();
  const config = benchConfig(dataDir, inProcess ? {} : { ROLE: 'web', ...benchRedisEnv() });
  const catalogue = generateCatalogue();
  const seeding = createDatabase(config, createLogger(config));
  await seeding.migrate();
  const seeded = await seedCatalogue({ db: seeding, data: catalogue });
  await seeding.close();

  const server = await startBenchServer(config);
  const queries = { web: 0, worker: 0 };
  server.db.sequelize.addHook('beforeQuery', () => void (queries.web += 1));
  let worker: RunningWorker | null = null;
  const workerDb = createDatabase(config, server.logger);
  if (inProcess) {
    workerDb.sequelize.addHook('beforeQuery', () => void (queries.worker += 1));
    const rates = { sources: [generatedSource(catalogue)] };
    worker = await startWorker({ config, logger: server.logger, kv: server.kv, db: workerDb, services: server.services, rates });
  }

  // How long requests can be held up behind other work (the worker's tick, export rebuilds).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  serveParent(async (message) => {
    if (message.type === 'rates') {
      const deadline = Date.now() + RATES_TIMEOUT_MS;
      while (server.rates.current() === null) {
        if (Date.now() > deadline) throw new Error('the worker published no rates');
        await sleep(200);
      }
      tell({ type: 'rates' });
    }
    if (message.type === 'status') {
      const state = server.rates.current();
      const cpu = process.cpuUsage();
      const delay = { p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6 };
      if (message.resetLoopDelay) loopDelay.reset();
      tell({
        type: 'status',
        queries: { ...queries },
        version: state?.version ?? 0,
        published: state?.exports.count ?? 0,
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelay: delay,
      });
    }
    if (message.type === 'stop') {
      await worker?.close();
      // Leave nothing behind in a shared Redis.
      await Promise.allSettled([server.kv.del(RATES_SNAPSHOT_KEY), server.kv.del(HEARTBEAT_KEY)]);
      await server.close();
      await workerDb.close();
      tell({ type: 'stopped' });
    }
  });
  tell({ type: 'ready', port: server.port, dataDir, assets: seeded.assets, directions: seeded.directions });
}

runChild(main);
