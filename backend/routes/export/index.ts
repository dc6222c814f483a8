import { MaintenanceError, MethodNotAllowedError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import type { AppContext, AppMiddleware } from '../../middlewares/types';
import type { RatesView } from '../../rates/store';

/** The export files and the body of the export cache each serves. */
export const EXPORT_FILES = {
  '/export/rates.xml': 'xml',
  '/export/rates.json': 'json',
  '/export/rates.txt': 'txt',
} as const;

/** What monitoring sites are told to wait during maintenance, and before the first rates. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;
export const NOT_READY_RETRY_AFTER_SECONDS = 10;

const READ_METHODS = ['GET', 'HEAD'];

export interface ExportRoutesDeps {
  rates: RatesView;
  /** MAINTENANCE=1: the exports are withdrawn (503). */
  maintenance: boolean;
}

function isExportPath(path: string): boolean {
  return path === '/export' || path.startsWith('/export/');
}

/** If-None-Match (weak comparison, `*` included) against one entity tag. */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

/**
 * RFC 9110 §13.2.2 for GET and HEAD: If-None-Match decides when present, else
 * If-Modified-Since. (Koa's `ctx.fresh` answers as a cache would, and treats any request with
 * `Cache-Control: no-cache` — which fetch() adds to every conditional request — as not fresh.)
 */
function isNotModified(ctx: AppContext, etag: string, lastModified: string): boolean {
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(ctx.get('If-Modified-Since'));
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

function withdraw(ctx: AppContext, retryAfterSeconds: number, error: Error): never {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw error;
}

/**
 * `GET|HEAD /export/rates.{xml,json,txt}`: the monitoring exports, served as they are from the
 * cache the rates store rebuilds on each update — no database, no formatting per request. Each
 * answer carries its ETag and Last-Modified and is 304 when the client's copy is current.
 * Everything else under /export is 404 (405 for other methods), never the SPA.
 */
export function exportRoutes(deps: ExportRoutesDeps): AppMiddleware {
  return async function exportMiddleware(ctx, next) {
    if (!isExportPath(ctx.path)) {
      await next();
      return;
    }
    const format = EXPORT_FILES[ctx.path as keyof typeof EXPORT_FILES];
    if (format === undefined) throw new NotFoundError();
    if (!READ_METHODS.includes(ctx.method)) throw new MethodNotAllowedError(READ_METHODS);
    if (deps.maintenance) withdraw(ctx, MAINTENANCE_RETRY_AFTER_SECONDS, new MaintenanceError());
    const state = deps.rates.current();
    if (state === null) {
      withdraw(ctx, NOT_READY_RETRY_AFTER_SECONDS, new ServiceUnavailableError(undefined, { messageKey: 'rates.not_ready' }));
    }
    const cache = state.exports;
    const file = cache[format];
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', file.etag);
    ctx.set('Last-Modified', cache.lastModified);
    if (isNotModified(ctx, file.etag, cache.lastModified)) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.contentType;
    ctx.body = file.body;
  };
}
