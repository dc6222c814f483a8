import type { Layer } from '@koa/router';
import { MethodNotAllowedError, NotFoundError } from '../errors';
import type { AppContext, AppMiddleware } from './types';

const PREFIXES = ['/api', '/metrics'];

/**
 * Answers what no router handled under `/api` (and `/metrics`): 405 with `Allow` when the path
 * exists for other methods, otherwise a 404 envelope — never the SPA page.
 */
export function unmatchedApi(): AppMiddleware {
  return async function unmatchedApiMiddleware(ctx: AppContext, next) {
    if (!PREFIXES.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) {
      await next();
      return;
    }
    const layers: Layer[] = ctx.matched ?? [];
    const allowed = [...new Set(layers.flatMap((layer) => layer.methods))];
    if (allowed.length > 0) throw new MethodNotAllowedError(allowed);
    throw new NotFoundError();
  };
}
