import Router from '@koa/router';
import type { Metrics } from '../lib/metrics';
import type { AppState } from '../middlewares/types';

/** `GET /metrics`: the app's Prometheus registry in text format. */
export function metricsRoutes(metrics: Metrics): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/metrics', async function prometheusMetrics(ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
