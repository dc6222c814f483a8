/**
 * The real web server for a bench child: startServer with production settings, a temporary
 * DATA_DIR (SQLite file, in-process KV — the embedded default), port 0 on 127.0.0.1, and the
 * directory removed when the process exits.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../backend/platform/config';
import type { Config } from '../../backend/platform/config/types';
import { startServer, type RunningServer } from '../../backend/server';
import { testStaticDir } from '../../backend/test/server';

/** A temporary DATA_DIR, removed when the process exits. */
export function temporaryDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exchanger-bench-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** The configuration a bench server runs with; `env` adds or replaces variables. */
export function benchConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SESSION_KEYS: `${randomBytes(24).toString('hex')},${randomBytes(24).toString('hex')}`,
    STATIC_DIR: testStaticDir(),
    RATES_SOURCE: 'simulated',
    ...env,
  });
}

/** REDIS_URL and REDIS_PREFIX when the harness runs this child against Redis (BENCH_REDIS_URL). */
export function benchRedisEnv(): Record<string, string> {
  const url = process.env.BENCH_REDIS_URL;
  return url ? { REDIS_URL: url, REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX ?? 'bench:' } : {};
}

export function startBenchServer(config: Config): Promise<RunningServer> {
  return startServer(config);
}
