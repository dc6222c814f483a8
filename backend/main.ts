/**
 * Process entry point: `.env` (when present), validated configuration, then the role chosen by
 * ROLE — `web` (HTTP + Socket.IO), `worker` (background jobs) or `all` (both, the default).
 * SIGTERM/SIGINT close everything gracefully and exit 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { ConfigError, loadConfig } from './platform/config';
import type { Config } from './platform/config/types';
import { createDatabase } from './platform/db';
import { createKV } from './platform/kv';
import { createLogger, type Logger } from './platform/logger';
import { startServer } from './server';
import { buildServices } from './services';
import { startWorker } from './workers';

/** Shutdown must finish within this long; the process exits 1 if it does not. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

type Closer = () => Promise<void>;

interface Parts {
  /** Run at once on the signal: stop taking new work (the web server's intake). */
  stoppers: Array<() => void>;
  /** Run in reverse order once the signal has stopped the intake. */
  closers: Closer[];
}

function readConfig(): Config {
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) dotenv.config({ path: envFile, quiet: true });
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts what the role needs, registering each part's closer as soon as it runs; closers run in
 * reverse order (the worker stops before the KV or server it uses).
 */
async function startRole(config: Config, logger: Logger, { stoppers, closers }: Parts): Promise<void> {
  if (config.role === 'worker') {
    const kv = createKV(config, logger);
    closers.push(() => kv.close());
    // The web role migrates and seeds; the worker only reads the catalogue (and waits for it).
    const db = createDatabase(config, logger);
    closers.push(() => db.close());
    // This process's composition root: its one mailer is closed after the worker's last mails.
    const services = buildServices(config, logger);
    closers.push(async () => services.close());
    const worker = await startWorker({ config, logger, kv, db, services });
    closers.push(() => worker.close());
    return;
  }
  const server = await startServer(config, { logger });
  stoppers.push(() => server.stopAccepting());
  closers.push(() => server.close());
  if (config.role === 'all') {
    const worker = await startWorker({ config, logger, kv: server.kv, db: server.db, services: server.services });
    closers.push(() => worker.close());
  }
}

/** SIGTERM/SIGINT: waits for start-up to settle, closes everything, exits 0 (1 past the deadline). */
function handleSignals(logger: Logger, shutdown: () => Promise<void>): void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);
  const parts: Parts = { stoppers: [], closers: [] };
  const { stoppers, closers } = parts;
  const started = startRole(config, logger, parts);
  handleSignals(logger, async () => {
    // New requests are refused at once, before the worker (which the server outlives) stops.
    for (const stop of stoppers) stop();
    await started.catch(() => undefined);
    for (const stop of stoppers) stop();
    for (const close of [...closers].reverse()) await close();
  });
  try {
    await started;
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    for (const close of [...closers].reverse()) await close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
