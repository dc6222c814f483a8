import type { Layer } from '@koa/router';
import { matchRoute } from '../../../common/routes';
import type { Metrics } from '../metrics';
import { redactSecrets } from '../redact';
import type { AppContext, AppMiddleware } from './types';

/**
 * The route pattern a request is counted under: never the raw URL, so labels stay bounded, and
 * passed through redactSecrets so no pattern or fallback can ever carry a secret.
 */
export function routeLabel(ctx: AppContext): string {
  return redactSecrets(routePattern(ctx));
}

function routePattern(ctx: AppContext): string {
  const layers: Layer[] = ctx.matched ?? [];
  const route = layers.filter((layer) => layer.methods.includes(ctx.method)).at(-1);
  if (route) return typeof route.path === 'string' ? route.path : route.path.source;
  if (ctx.status === 301) return 'redirect';
  if (ctx.path.startsWith('/assets/')) return '/assets/*';
  if (ctx.path.startsWith('/builds/')) return '/builds/*';
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '/api/*';
  return matchRoute(ctx.path)?.route.path ?? 'unmatched';
}

/** Observes every request's duration in the app's HTTP histogram. */
export function httpMetrics(metrics: Metrics): AppMiddleware {
  return async function httpMetricsMiddleware(ctx: AppContext, next) {
    const stop = metrics.httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      stop({ method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) });
    }
  };
}
