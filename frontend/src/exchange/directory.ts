/**
 * Which exchanges the catalogue allows and which of them are offered right now. A direction is
 * known when it and both its assets are enabled; it is offered when it also has a fresh rate
 * (a stale or missing rate takes it off the asset lists, as the exports do).
 */
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../../common/catalogue';
import { resolvePair as resolveKnownPair, type Pair } from '../../../common/exchangePair';
import type { CatalogueResponse } from './api';
import { pairKey } from './liveRates';

export interface ExchangeDirectory {
  /** Enabled assets in catalogue order. */
  assets: readonly AssetDto[];
  assetByCode: ReadonlyMap<string, AssetDto>;
  /** Known directions by `pairKey(from, to)` (with the catalogue in parts: those of the loaded assets). */
  directions: ReadonlyMap<string, DirectionDto>;
  /** Codes of the assets some direction sends from, as the asset list gives them; absent: judged from `directions`. */
  senders?: ReadonlySet<string>;
}

export type { Pair } from '../../../common/exchangePair';

export function buildDirectory(catalogue: CatalogueResponse, senders?: readonly string[]): ExchangeDirectory {
  const assets = catalogue.assets.filter((asset) => asset.enabled);
  const assetByCode = new Map(assets.map((asset) => [asset.code, asset]));
  const directions = new Map<string, DirectionDto>();
  for (const direction of catalogue.directions) {
    if (direction.enabled && assetByCode.has(direction.from) && assetByCode.has(direction.to)) {
      directions.set(pairKey(direction.from, direction.to), direction);
    }
  }
  return { assets, assetByCode, directions, ...(senders ? { senders: new Set(senders) } : {}) };
}

export function findDirection(directory: ExchangeDirectory, from: string, to: string): DirectionDto | undefined {
  return directory.directions.get(pairKey(from, to));
}

/** The live rate of a known direction when it is fresh, else undefined. */
export function offeredRate(
  directory: ExchangeDirectory,
  rates: ReadonlyMap<string, DirectionRateDto>,
  from: string,
  to: string,
): DirectionRateDto | undefined {
  const key = pairKey(from, to);
  const rate = rates.get(key);
  return directory.directions.has(key) && rate && !rate.stale ? rate : undefined;
}

/**
 * Assets that can be sent through at least one offered direction; with the asset list's senders,
 * through at least one known direction (availability that changes rarely: the asset's own
 * directions show which are offered once it is chosen).
 */
export function sendOptions(directory: ExchangeDirectory, rates: ReadonlyMap<string, DirectionRateDto>): AssetDto[] {
  if (directory.senders) return directory.assets.filter((asset) => directory.senders!.has(asset.code));
  const senders = new Set<string>();
  for (const direction of directory.directions.values()) {
    if (offeredRate(directory, rates, direction.from, direction.to)) senders.add(direction.from);
  }
  return directory.assets.filter((asset) => senders.has(asset.code));
}

/** Assets that `from` can be exchanged into right now. */
export function receiveOptions(
  directory: ExchangeDirectory,
  rates: ReadonlyMap<string, DirectionRateDto>,
  from: string,
): AssetDto[] {
  return directory.assets.filter((asset) => offeredRate(directory, rates, from, asset.code));
}

/** The pair to show for what was asked, among the directory's known directions (common/exchangePair.ts `resolvePair`). */
export function resolvePair(directory: ExchangeDirectory, asked: Partial<Pair>, usable?: (pair: Pair) => boolean): Pair | null {
  return resolveKnownPair([...directory.directions.values()], asked, usable);
}
