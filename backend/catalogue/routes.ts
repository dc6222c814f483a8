import Router from '@koa/router';
import { ASSET_CODE_PATTERN } from '../../common/catalogue';
import { createCatalogueCache, type CatalogueCache } from './cache';
import { catalogueParts, type CataloguePart } from './parts';
import type { Database } from '../platform/db';
import { NotFoundError } from '../platform/errors';
import { matchesIfNoneMatch } from '../platform/http/conditional';
import type { AppContext, AppState } from '../platform/http/types';

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

/** A serialised body with its ETag: 304 when the client holds it already. */
function sendPart(ctx: AppContext, part: CataloguePart): void {
  ctx.set('Cache-Control', CATALOGUE_CACHE_CONTROL);
  ctx.etag = part.etag;
  if (matchesIfNoneMatch(ctx.get('if-none-match'), part.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = part.body;
}

/**
 * `GET /catalogue` → `{ assets: AssetDto[], directions: DirectionDto[] }`: what is offered
 * (enabled), assets coins → fiat → cash by sort order, directions in the order of their assets
 * (the partner API's and the search engines' view; pages load the parts below).
 * `GET /catalogue/assets` → CatalogueAssetsDto, `GET /catalogue/assets/:code/directions` →
 * AssetDirectionsDto (404 for an asset not offered). All served from a per-process cache, each
 * with an ETag and 304 on If-None-Match.
 */
export function catalogueRoutes(deps: CatalogueRoutesDeps): Router<AppState> {
  const router = new Router<AppState>();
  const cache = deps.cache ?? createCatalogueCache({ db: deps.db });

  router.get('/catalogue', async function getCatalogue(ctx) {
    sendPart(ctx, await cache.get());
  });

  router.get('/catalogue/assets', async function getCatalogueAssets(ctx) {
    sendPart(ctx, catalogueParts(await cache.get()).assets);
  });

  router.get('/catalogue/assets/:code/directions', async function getAssetDirections(ctx) {
    const { code } = ctx.params;
    const part = ASSET_CODE_PATTERN.test(code) ? catalogueParts(await cache.get()).directionsOf(code) : null;
    if (part === null) throw new NotFoundError({ messageKey: 'rates.direction_unavailable' });
    sendPart(ctx, part);
  });

  return router;
}
