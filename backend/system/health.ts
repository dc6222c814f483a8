import Router from '@koa/router';
import type { Database } from '../platform/db';
import { ServiceUnavailableError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';

/** How long a readiness probe waits for each dependency. */
export const READY_CHECK_TIMEOUT_MS = 1500;

export interface ReadyStatus {
  db: 'ok';
  redis: 'ok' | 'memory';
}

/** Resolves with the promise's outcome, or rejects once `ms` have passed without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function passes(check: () => Promise<unknown>, what: string): Promise<boolean> {
  try {
    await withTimeout(check(), READY_CHECK_TIMEOUT_MS, what);
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET /health`: the process is alive (no I/O). `GET /ready`: the database answers `SELECT 1`
 * and the KV answers a ping, each within READY_CHECK_TIMEOUT_MS; 503 names what failed.
 */
export function healthRoutes(deps: { db: Pick<Database, 'ping'>; kv: KV }): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/health', async function health(ctx) {
    ctx.set('Cache-Control', 'no-store');
    respond(ctx, { status: 'ok' });
  });

  router.get('/ready', async function ready(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const [dbOk, kvOk] = await Promise.all([
      passes(() => deps.db.ping(), 'database'),
      passes(() => deps.kv.ping(), 'kv'),
    ]);
    if (!dbOk || !kvOk) {
      const notResponding = ctx.state.t('errors.dependency_unavailable');
      throw new ServiceUnavailableError({
        ...(dbOk ? {} : { db: notResponding }),
        ...(kvOk ? {} : { redis: notResponding }),
      });
    }
    const status: ReadyStatus = { db: 'ok', redis: deps.kv.kind === 'redis' ? 'ok' : 'memory' };
    respond(ctx, status);
  });

  return router;
}
