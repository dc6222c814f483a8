/**
 * Bench child: the rates worker as its own process (ROLE=worker), beside the web server of
 * bench/exports/sut-server.ts, sharing its SQLite file and talking to it through Redis — the
 * layout of a deployment with REDIS_URL. Counts its own queries.
 */
import { createDatabase } from '../../backend/platform/db';
import { createKV } from '../../backend/platform/kv';
import { createLogger } from '../../backend/platform/logger';
import { buildServices } from '../../backend/services';
import { startWorker } from '../../backend/workers';
import { generateCatalogue } from '../../db/seeders/generate';
import { runChild, serveParent, tell } from '../lib/child';
import { benchConfig, benchRedisEnv } from '../lib/server';
import { generatedSource } from './generatedFeed';

async function main(): Promise<void> {
  const config = benchConfig(process.env.BENCH_DATA_DIR as string, { ROLE: 'worker', ...benchRedisEnv() });
  const logger = createLogger(config);
  const kv = createKV(config, logger);
  const db = createDatabase(config, logger);
  let queries = 0;
  db.sequelize.addHook('beforeQuery', () => void (queries += 1));
  const services = buildServices(config, logger);
  const worker = await startWorker({ config, logger, kv, db, services, rates: { sources: [generatedSource(generateCatalogue())] } });
  serveParent(async (message) => {
    if (message.type === 'status') tell({ type: 'status', queries });
    if (message.type === 'stop') {
      await worker.close();
      await Promise.allSettled([kv.close(), db.close()]);
      services.close();
      tell({ type: 'stopped' });
    }
  });
  tell({ type: 'ready' });
}

runChild(main);
