/**
 * The rates engine: provider quotes and the catalogue in, every enabled direction's live rate
 * and every asset's reserve out, as a versioned snapshot plus the change against the previous
 * one (only what differs). Pure: no I/O, the clock is an argument.
 *
 * Staleness: a quote is fresh while its provider's last poll succeeded and it is no older than
 * that provider's max age. Prices come from fresh quotes wherever they can; a currency only a
 * failed or outdated quote reaches is still priced, but stale — and a direction resting on a
 * stale price is neither offered nor exported.
 */
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../common/catalogue';
import type { DirectionKey, ReserveEntry } from '../../common/events';
import { isOpenAt } from '../../common/schedule';
import { computeDirectionRate } from './math';
import { buildPriceTable, marketPrices, type MarketPrices, type Price, type PriceTable } from './prices';

export type { MarketPrices } from './prices';
import type { Quote } from './providers/types';

/** What `loadCatalogue(db)` gives: the assets and directions of the exchanger. */
export interface Catalogue {
  assets: readonly AssetDto[];
  directions: readonly DirectionDto[];
}

/** What web processes need of an asset besides its reserve: export fields and precision. */
export type RateAsset = Pick<AssetDto, 'code' | 'type' | 'currency' | 'city' | 'enabled' | 'precision'>;

/** One provider's last successful quotes and whether its latest poll succeeded. */
export interface SourceReading {
  name: string;
  quotes: readonly Quote[];
  /** False while the provider's latest poll failed: its quotes then count as stale. */
  healthy: boolean;
  /** How old one of its quotes may be and still count as fresh. */
  maxAgeMs: number;
}

/** The state the worker publishes and every web process serves. */
export interface RatesSnapshot {
  /** Grows by one with every snapshot the worker writes. */
  version: number;
  /** When the worker computed it (ISO 8601). */
  generatedAt: string;
  /**
   * Without a newer snapshot by then (the worker stopped), web processes treat every rate as
   * stale: no direction outlives its worker.
   */
  staleAt: string;
  /** Every enabled direction between enabled assets that has a price, stale ones flagged. */
  rates: DirectionRateDto[];
  /** Reserve of every enabled asset. */
  reserves: ReserveEntry[];
  assets: RateAsset[];
  /** The prices the rates were computed from (absent from snapshots of older workers). */
  prices?: MarketPrices;
}

/** What changed from one snapshot to the next: published on the KV channel. */
export interface RatesChange {
  version: number;
  generatedAt: string;
  staleAt: string;
  /** Directions new or different (updatedAt aside) since the previous snapshot. */
  rates: DirectionRateDto[];
  /** Directions no longer offered at all (disabled, or no price left). */
  removed: DirectionKey[];
  reserves: ReserveEntry[];
  /** Codes of assets whose reserve is no longer published. */
  removedReserves: string[];
  /** Every asset, present only when any of them changed. */
  assets?: RateAsset[];
  /** Every price, present only when any of them changed. */
  prices?: MarketPrices;
}

export interface ComputedRates {
  rates: DirectionRateDto[];
  reserves: ReserveEntry[];
  assets: RateAsset[];
  prices: MarketPrices;
}

/** `BTC>SBERRUB`: asset codes are upper-case letters and digits, so `>` cannot occur in one. */
export function directionKey(direction: DirectionKey): string {
  return `${direction.from}>${direction.to}`;
}

/**
 * The price table from every source's readings: a first pass over the fresh quotes only, then
 * whatever else the failed or outdated quotes reach, marked stale.
 */
export function priceSources(readings: readonly SourceReading[], now: Date): PriceTable {
  const nowMs = now.getTime();
  const fresh: Quote[] = [];
  const all: Quote[] = [];
  for (const reading of readings) {
    for (const quote of reading.quotes) {
      all.push(quote);
      if (reading.healthy && nowMs - Date.parse(quote.at) <= reading.maxAgeMs) fresh.push(quote);
    }
  }
  // Freshness is decided above, per source; the table builder only orders and crosses quotes.
  const options = { now, maxAgeMs: Number.POSITIVE_INFINITY };
  const table = new Map<string, Price>(buildPriceTable(fresh, options));
  for (const [currency, price] of buildPriceTable(all, options)) {
    if (!table.has(currency)) table.set(currency, { ...price, stale: true });
  }
  return table;
}

function toRateAsset(asset: AssetDto): RateAsset {
  const { code, type, currency, city, enabled, precision } = asset;
  return { code, type, currency, city, enabled, precision };
}

function enabledAssets(catalogue: Catalogue): Map<string, AssetDto> {
  const enabled = new Map<string, AssetDto>();
  for (const asset of catalogue.assets) if (asset.enabled) enabled.set(asset.code, asset);
  return enabled;
}

/** Appends the rates of `directions[start, end)` to `rates`. */
function rateSlice(
  directions: readonly DirectionDto[],
  [start, end]: [number, number],
  enabled: ReadonlyMap<string, AssetDto>,
  prices: PriceTable,
  rates: DirectionRateDto[],
  at: Date,
): void {
  for (let index = start; index < end; index += 1) {
    const direction = directions[index];
    if (!direction.enabled) continue;
    // A manual direction outside its working hours is not offered (BestChange's rule).
    if (direction.manual && direction.schedule && !isOpenAt(direction.schedule, at)) continue;
    const from = enabled.get(direction.from);
    const to = enabled.get(direction.to);
    if (!from || !to) continue;
    const rate = computeDirectionRate({ direction, from, to, prices });
    if (rate) rates.push(rate);
  }
}

function computed(enabled: ReadonlyMap<string, AssetDto>, rates: DirectionRateDto[], prices: PriceTable): ComputedRates {
  const assets = [...enabled.values()];
  return {
    rates,
    reserves: assets.map((asset) => ({ code: asset.code, amount: asset.reserve })),
    assets: assets.map(toRateAsset),
    // Those of the assets only: a quoted currency no asset has moves no rate, and publishes nothing.
    prices: marketPrices(prices, new Set(assets.map((asset) => asset.currency))),
  };
}

/**
 * Rates of every enabled direction whose two assets are enabled and priced, in catalogue order;
 * a manual direction only within its working hours at `at` (common/schedule.ts).
 */
export function computeRates(catalogue: Catalogue, prices: PriceTable, at: Date = new Date()): ComputedRates {
  const enabled = enabledAssets(catalogue);
  const rates: DirectionRateDto[] = [];
  rateSlice(catalogue.directions, [0, catalogue.directions.length], enabled, prices, rates, at);
  return computed(enabled, rates, prices);
}

/** Lets the event loop run (timers, I/O, requests) before going on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Directions computed between two turns of the event loop: a few milliseconds of work. */
export const DIRECTIONS_PER_SLICE = 1000;

/**
 * `computeRates` in slices, letting the event loop run between them: where the worker shares
 * its process with the web server (ROLE=all), requests are answered while 20,000 directions are
 * priced instead of waiting for all of them.
 */
export async function computeRatesInSlices(
  catalogue: Catalogue,
  prices: PriceTable,
  directionsPerSlice = DIRECTIONS_PER_SLICE,
  at: Date = new Date(),
): Promise<ComputedRates> {
  const enabled = enabledAssets(catalogue);
  const rates: DirectionRateDto[] = [];
  const { directions } = catalogue;
  for (let start = 0; start < directions.length; start += directionsPerSlice) {
    if (start > 0) await nextTurn();
    rateSlice(directions, [start, Math.min(start + directionsPerSlice, directions.length)], enabled, prices, rates, at);
  }
  return computed(enabled, rates, prices);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Whether a client would see the same rate: every field but `updatedAt`, which moves with every
 * poll. Field by field, with no string built per rate (20,000 of them twice a tick).
 */
export function sameRate(a: DirectionRateDto, b: DirectionRateDto): boolean {
  return (
    a.rate === b.rate &&
    a.in === b.in &&
    a.out === b.out &&
    a.reserve === b.reserve &&
    a.min === b.min &&
    a.max === b.max &&
    a.stale === b.stale &&
    a.manual === b.manual &&
    sameList(a.rateTypes, b.rateTypes) &&
    (a.fees === b.fees || (a.fees ? JSON.stringify(a.fees) : '') === (b.fees ? JSON.stringify(b.fees) : ''))
  );
}

export interface RatesDiff {
  /** `next`, with every unchanged rate replaced by its previous object (updatedAt kept). */
  rates: DirectionRateDto[];
  changed: DirectionRateDto[];
  removed: DirectionKey[];
}

/**
 * Compares the next rates with the previous ones by direction. A rate whose only difference is
 * `updatedAt` counts as unchanged and keeps its previous object, so the snapshot and every web
 * process's copy stay identical without re-sending it.
 */
export function diffRates(previous: ReadonlyMap<string, DirectionRateDto>, next: readonly DirectionRateDto[]): RatesDiff {
  const rates: DirectionRateDto[] = [];
  const changed: DirectionRateDto[] = [];
  const seen = new Set<string>();
  for (const rate of next) {
    const key = directionKey(rate);
    seen.add(key);
    const before = previous.get(key);
    if (before && sameRate(before, rate)) {
      rates.push(before);
    } else {
      rates.push(rate);
      changed.push(rate);
    }
  }
  const removed: DirectionKey[] = [];
  for (const [key, rate] of previous) if (!seen.has(key)) removed.push({ from: rate.from, to: rate.to });
  return { rates, changed, removed };
}

export interface ReservesDiff {
  changed: ReserveEntry[];
  removed: string[];
}

export function diffReserves(previous: readonly ReserveEntry[], next: readonly ReserveEntry[]): ReservesDiff {
  const before = new Map(previous.map((entry) => [entry.code, entry.amount]));
  const changed = next.filter((entry) => before.get(entry.code) !== entry.amount);
  const present = new Set(next.map((entry) => entry.code));
  return { changed, removed: previous.filter((entry) => !present.has(entry.code)).map((entry) => entry.code) };
}

function sameAssets(a: readonly RateAsset[], b: readonly RateAsset[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

function samePrices(a: MarketPrices | undefined, b: MarketPrices): boolean {
  if (!a) return false;
  const currencies = Object.keys(b);
  if (Object.keys(a).length !== currencies.length) return false;
  return currencies.every((currency) => a[currency]?.bid === b[currency].bid && a[currency]?.ask === b[currency].ask);
}

export function indexRates(rates: readonly DirectionRateDto[]): Map<string, DirectionRateDto> {
  return new Map(rates.map((rate) => [directionKey(rate), rate]));
}

export interface AdvanceOptions {
  now: Date;
  /** How long the snapshot holds without a successor (see RatesSnapshot.staleAt). */
  holdsForMs: number;
}

/** The snapshot following `previous` (null for the first one) and the change between them. */
export function advanceSnapshot(
  previous: RatesSnapshot | null,
  computed: ComputedRates,
  { now, holdsForMs }: AdvanceOptions,
): { snapshot: RatesSnapshot; change: RatesChange } {
  const version = (previous?.version ?? 0) + 1;
  const generatedAt = now.toISOString();
  const staleAt = new Date(now.getTime() + holdsForMs).toISOString();
  const rates = diffRates(indexRates(previous?.rates ?? []), computed.rates);
  const reserves = diffReserves(previous?.reserves ?? [], computed.reserves);
  const assetsChanged = !previous || !sameAssets(previous.assets, computed.assets);
  const pricesChanged = !samePrices(previous?.prices, computed.prices);
  const snapshot: RatesSnapshot = {
    version,
    generatedAt,
    staleAt,
    rates: rates.rates,
    reserves: computed.reserves,
    assets: computed.assets,
    prices: computed.prices,
  };
  const change: RatesChange = {
    version,
    generatedAt,
    staleAt,
    rates: rates.changed,
    removed: rates.removed,
    reserves: reserves.changed,
    removedReserves: reserves.removed,
  };
  if (assetsChanged) change.assets = computed.assets;
  if (pricesChanged) change.prices = computed.prices;
  return { snapshot, change };
}
