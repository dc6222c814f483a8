/**
 * The offered direction of a new order (enabled, both assets enabled) with its assets, read once
 * and kept per orders context for DIRECTION_CACHE_TTL_MS: order creation reads the direction on
 * every request otherwise (a joined SELECT). A change to a direction — disabled, new limits of
 * its fields — empties the cache at once in every process (catalogue/invalidation.ts), at the
 * latest within that time, as a rate change shows within a rates tick (the rate,
 * limits and reserve of an order always come from the live RatesStore, never from this cache).
 * Requests arriving while a read runs share it; a missing direction and a failed read are not kept.
 */
import { onCatalogueInvalidated } from '../catalogue/invalidation';
import type { Asset, Direction } from '../models';
import type { OrdersContext } from './context';
import { DirectionUnavailable } from './errors';

export const DIRECTION_CACHE_TTL_MS = 2000;

export type DirectionWithAssets = Direction & { fromAsset: Asset; toAsset: Asset };

interface Entry {
  promise: Promise<DirectionWithAssets | null>;
  expiresAt: number;
}

const caches = new WeakMap<OrdersContext['models'], Map<string, Entry>>();

function readDirection(ctx: Pick<OrdersContext, 'models'>, from: string, to: string): Promise<DirectionWithAssets | null> {
  const { Direction: Directions, Asset } = ctx.models;
  return Directions.findOne({
    where: { fromCode: from, toCode: to, enabled: true },
    include: [
      { model: Asset, as: 'fromAsset', where: { enabled: true } },
      { model: Asset, as: 'toAsset', where: { enabled: true } },
    ],
  }) as Promise<DirectionWithAssets | null>;
}

/** The direction `from` → `to` as offered now (at most DIRECTION_CACHE_TTL_MS old), else 422 direction_unavailable. */
export async function offeredDirection(ctx: Pick<OrdersContext, 'models'>, from: string, to: string): Promise<DirectionWithAssets> {
  let cache = caches.get(ctx.models);
  if (!cache) {
    const fresh = new Map<string, Entry>();
    cache = fresh;
    caches.set(ctx.models, fresh);
    onCatalogueInvalidated(ctx.models.Direction.sequelize!, () => fresh.clear());
  }
  const key = `${from}>${to}`;
  const now = Date.now();
  let entry = cache.get(key);
  if (!entry || entry.expiresAt <= now) {
    const fresh: Entry = { promise: readDirection(ctx, from, to), expiresAt: now + DIRECTION_CACHE_TTL_MS };
    entry = fresh;
    cache.set(key, fresh);
    fresh.promise.then(
      (direction) => {
        if (direction === null && cache.get(key) === fresh) cache.delete(key);
      },
      () => {
        if (cache.get(key) === fresh) cache.delete(key);
      },
    );
  }
  const direction = await entry.promise;
  if (!direction) throw new DirectionUnavailable();
  return direction;
}
