import Router from '@koa/router';
import { createCatalogueCache, type CatalogueCache } from './cache';
import type { Database } from '../platform/db';
import { matchesIfNoneMatch } from '../platform/http/conditional';
import type { AppState } from '../platform/http/types';

/**
 * Browsers and proxies may reuse the catalogue briefly, then revalidate with the ETag (a 304
 * costs no body). It is the same for every visitor and language.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=15';

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
