import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config';
import type { Config } from '../platform/config/types';
import { startServer, type RunningServer, type StartServerOptions } from '../server';

/** The tiny SPA used when the real frontend build (frontend/dist) is absent. */
export const FIXTURE_SPA_DIR = fileURLToPath(new URL('./fixtures/spa/', import.meta.url));
const BUILT_SPA_DIR = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));

/** The real build when present, the fixture otherwise. */
export function testStaticDir(): string {
  return existsSync(path.join(BUILT_SPA_DIR, 'index.html')) ? BUILT_SPA_DIR : FIXTURE_SPA_DIR;
}

export type EnvOverrides = Record<string, string | undefined>;

export interface TestServer extends RunningServer {
  config: Config;
  /** Closes the server and removes its temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * A real server on a free port for integration tests: a temporary DATA_DIR, the database of
 * TEST_DATABASE_URL (else SQLite in the temp dir), the Redis of TEST_REDIS_URL (else in-memory)
 * with a unique key prefix, silent logs. `overrides` replace any environment variable
 * (`undefined` removes it); `options` go to startServer (e.g. a logger writing to a file).
 */
export async function startTestServer(overrides: EnvOverrides = {}, options: StartServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-test-'));
  const env: EnvOverrides = {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL || `sqlite:${path.join(dataDir, 'app.sqlite')}`,
    REDIS_URL: process.env.TEST_REDIS_URL || undefined,
    REDIS_PREFIX: `test:${randomUUID().slice(0, 12)}:`,
    STATIC_DIR: testStaticDir(),
    ...overrides,
  };
  try {
    const config = loadConfig(env);
    const server = await startServer(config, options);
    return {
      ...server,
      config,
      async close() {
        try {
          await server.close();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * In a `describe`: two ROLE=web processes of one deployment — one database, one Redis (the same
 * key prefix) — started before its tests and closed after them. Skipped without TEST_REDIS_URL
 * (in-process KVs are not shared). Read `first` and `second` inside the tests.
 */
export function twoWebProcessesOnRedis(): { readonly first: TestServer; readonly second: TestServer } {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  before(async function () {
    if (!process.env.TEST_REDIS_URL) this.skip();
    first = await startTestServer({ ROLE: 'web' });
    second = await startTestServer({ ROLE: 'web', REDIS_PREFIX: first.config.redisPrefix, DATABASE_URL: first.config.databaseUrl });
  });
  after(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });
  return {
    get first() {
      return first!;
    },
    get second() {
      return second!;
    },
  };
}
