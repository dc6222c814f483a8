import Router from '@koa/router';
import { createCatalogueCache, type CatalogueCache } from '../../catalogue/cache';
import type { Database } from '../../db';
import type { AppState } from '../../middlewares/types';

/**
 * Browsers and proxies may reuse the catalogue briefly, then revalidate with the ETag (a 304
 * costs no body). It is the same for every visitor and language.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=15';

/**
 * Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). Unlike
 * koa's `ctx.fresh` this ignores a request's `Cache-Control: no-cache`, which fetch() adds to
 * every request carrying If-None-Match: that asks caches to revalidate with the origin, and this
 * is the origin, so a 304 is the right answer.
 */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header === '') return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

export interface CatalogueRoutesDeps {
  db: Pick<Database, 'sequelize'>;
  /** Defaults to a cache over `db` with the standard time to live. */
  cache?: CatalogueCache;
}

/**
 * `GET /catalogue` → `{ assets: AssetDto[], directions: DirectionDto[] }`: what is offered
 * (enabled), assets coins → fiat → cash by sort order, directions in the order of their assets.
 * Served from a per-process cache, with an ETag and 304 on If-None-Match.
 */
export function catalogueRoutes(deps: CatalogueRoutesDeps): Router<AppState> {
  const router = new Router<AppState>();
  const cache = deps.cache ?? createCatalogueCache({ db: deps.db });

  router.get('/catalogue', async function getCatalogue(ctx) {
    const snapshot = await cache.get();
    ctx.set('Cache-Control', CATALOGUE_CACHE_CONTROL);
    ctx.etag = snapshot.etag;
    if (matchesIfNoneMatch(ctx.get('if-none-match'), snapshot.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = snapshot.body;
  });

  return router;
}
