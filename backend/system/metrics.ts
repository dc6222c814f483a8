import Router from '@koa/router';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotFoundError } from '../platform/errors';
import type { Metrics } from '../platform/metrics';
import type { AppState } from '../platform/http/types';

/**
 * Prometheus metrics are for the operator only (process figures and every route's traffic):
 * served by a listener of their own on METRICS_HOST:METRICS_PORT (127.0.0.1 by default), and on
 * the public port only to a request carrying `Authorization: Bearer <METRICS_TOKEN>`. Anyone else
 * gets the 404 of a path that does not exist, whether no token is configured or theirs is wrong.
 */

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

/** Whether the Authorization header carries `token`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = BEARER.exec(header ?? '')?.[1];
  if (presented === undefined) return false;
  // Digests have one length whatever was presented, so the comparison never leaks the token's length.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** `GET /metrics` on the public port: registered only when METRICS_TOKEN is set, answered only to that bearer. */
export function metricsRoutes(metrics: Metrics, token: string | null): Router<AppState> {
  const router = new Router<AppState>();
  if (token === null) return router;
  // Every method: a stranger's POST gets the same 404 as their GET, not a 405 that tells the path exists.
  router.all('/metrics', async function prometheusMetrics(ctx) {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!read || !bearerMatches(ctx.get('authorization') || undefined, token)) throw new NotFoundError();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}

export interface MetricsListener {
  /** e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

async function answerMetrics(metrics: Metrics, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found\n');
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The metrics listener: `GET /metrics` and nothing else, on METRICS_HOST:METRICS_PORT. */
export function startMetricsListener(metrics: Metrics, config: { port: number; host: string }): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    answerMetrics(metrics, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
