import type { EncodedBody, ExportCache, ExportFormat } from './cache';
import { EXPORT_CODINGS } from './compress';
import { isNotModified } from '../platform/http/conditional';
import { chooseCoding, type ContentCoding } from '../platform/http/contentCoding';
import { MaintenanceError, MethodNotAllowedError, NotFoundError, ServiceUnavailableError } from '../platform/errors';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import type { RatesView } from '../rates/store';

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
  /** While maintenance is on (system/maintenance.ts) the exports are withdrawn (503). */
  maintenance: { isOn(): Promise<boolean> };
}

function isExportPath(path: string): boolean {
  return path === '/export' || path.startsWith('/export/');
}

const OFFERED: readonly ContentCoding[] = [...EXPORT_CODINGS, 'identity'];

/**
 * The body of `format` in the best coding the client accepts — of this cache only, so every
 * answer is one version — or raw while its compressed copies are still being made.
 */
function pickBody(ctx: AppContext, cache: ExportCache, format: ExportFormat): EncodedBody & { coding: ContentCoding } {
  const coding = chooseCoding(ctx.get('Accept-Encoding'), OFFERED);
  const copies = cache.encoded[format];
  if (coding === 'identity' || copies === undefined) return { coding: 'identity', body: cache[format].body, etag: cache[format].etag };
  return { coding, ...copies[coding] };
}

function withdraw(ctx: AppContext, retryAfterSeconds: number, error: Error): never {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw error;
}

/**
 * `GET|HEAD /export/rates.{xml,json,txt}`: the monitoring exports, served as they are from the
 * cache the rates store rebuilds on each update — no database, no formatting or compression per
 * request. Each answer is br, gzip or identity by Accept-Encoding, carries the ETag of that coding
 * and Last-Modified, and is 304 when the client's copy is current.
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
    if (await deps.maintenance.isOn()) withdraw(ctx, MAINTENANCE_RETRY_AFTER_SECONDS, new MaintenanceError());
    const state = deps.rates.current();
    if (state === null) {
      withdraw(ctx, NOT_READY_RETRY_AFTER_SECONDS, new ServiceUnavailableError(undefined, { messageKey: 'rates.not_ready' }));
    }
    const cache = state.exports;
    const { coding, body, etag } = pickBody(ctx, cache, format);
    // Kept compressed in the cache: never compressed again per request (platform/http/compress.ts).
    ctx.compress = false;
    ctx.status = 200;
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', cache.lastModified);
    if (isNotModified(ctx, etag, cache.lastModified)) {
      ctx.status = 304;
      return;
    }
    if (coding !== 'identity') ctx.set('Content-Encoding', coding);
    ctx.type = cache[format].contentType;
    ctx.body = body;
  };
}
