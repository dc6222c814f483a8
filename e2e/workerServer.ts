/**
 * A spec's own server with the rate worker (the shared e2e server runs none): the seeded
 * catalogue, the simulated feed and the Socket.IO pushes. Call inside a describe; the returned
 * function gives the running server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'mocha';
import { startTestServer, type EnvOverrides, type TestServer } from '../backend/test/server';
import { startWorker, type RunningWorker } from '../backend/workers';

const SPA_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'frontend', 'dist');

/** `overrides`: more environment for the server (e.g. TRUST_PROXY for browsers that each say their address). */
export function useServerWithWorker(overrides: EnvOverrides = {}): () => TestServer {
  let server: TestServer | undefined;
  let worker: RunningWorker | undefined;
  before(async function (this: Context) {
    this.timeout(60_000);
    server = await startTestServer({ STATIC_DIR: SPA_DIR, DATABASE_URL: undefined, REDIS_URL: undefined, ...overrides });
    worker = await startWorker({ config: server.config, logger: server.logger, kv: server.kv, db: server.db, services: server.services });
  });
  after(async () => {
    await worker?.close();
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the server is not running outside the describe block');
    return server;
  };
}
