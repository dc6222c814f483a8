/**
 * Live rates in the KV, and the copy every web process keeps in memory.
 *
 * The worker writes the whole snapshot under RATES_SNAPSHOT_KEY, then publishes the change on
 * RATES_CHANNEL. Each web process's RatesStore loads the snapshot at start, applies every change
 * in version order (a gap — a lost message, a restarted worker — reloads the snapshot), rebuilds
 * the monitoring exports (and has them compressed off the request path), and pushes the change to its OWN sockets only
 * (rooms.ts: each watched pair's room its own rate, the reserves room the reserves):
 * every process receives the KV message, so going through the Socket.IO adapter would deliver
 * each update once per process.
 *
 * A snapshot holds until its `staleAt`: if no newer one has come by then (the worker stopped),
 * every rate turns stale — withdrawn from the exports and from the offer — until one does.
 */
import type { DirectionRateDto } from '../../common/catalogue';
import type { ReserveEntry, RatesUpdate, ReservesUpdate } from '../../common/events';
import { buildExportCache, type ExportCache } from '../export/cache';
import { createExportCompressor } from '../export/compress';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import {
  diffRates,
  diffReserves,
  directionKey,
  indexRates,
  nextTurn,
  type MarketPrices,
  type RateAsset,
  type RatesChange,
  type RatesSnapshot,
} from './engine';

export const RATES_SNAPSHOT_KEY = 'rates:snapshot';
export const RATES_CHANNEL = 'rates:changed';
/** How often a store checks whether its snapshot outlived its `staleAt`. */
export const EXPIRY_CHECK_MS = 1000;

export async function readSnapshot(kv: KV): Promise<RatesSnapshot | null> {
  const raw = await kv.get(RATES_SNAPSHOT_KEY);
  return raw === null ? null : (JSON.parse(raw) as RatesSnapshot);
}

/**
 * Writes the snapshot, then announces the change: a store that sees the change can read it.
 * A turn of the event loop between the two encodings (each tens of milliseconds for 20,000
 * rates) lets a web server sharing the process answer meanwhile.
 */
export async function publishSnapshot(kv: KV, snapshot: RatesSnapshot, change: RatesChange): Promise<void> {
  await kv.set(RATES_SNAPSHOT_KEY, JSON.stringify(snapshot));
  await nextTurn();
  await kv.publish(RATES_CHANNEL, JSON.stringify(change));
}

/** What one web process currently serves. */
export interface RatesState {
  version: number;
  generatedAt: string;
  staleAt: string;
  /** Every direction's rate by `directionKey`, stale ones included. */
  rates: ReadonlyMap<string, DirectionRateDto>;
  /** The same rates as a list. */
  list: readonly DirectionRateDto[];
  reserves: readonly ReserveEntry[];
  assets: ReadonlyMap<string, RateAsset>;
  /** The prices these rates were computed from: the server's own (rates/math.ts `marketRate`), never sent out. */
  prices: Readonly<MarketPrices>;
  /** The monitoring export bodies of these rates. */
  exports: ExportCache;
  /** The snapshot passed its `staleAt` with no successor: every rate is stale. */
  expired: boolean;
}

export interface RatesView {
  /** The current rates, or null before the worker has published any. */
  current(): RatesState | null;
}

/** The rate of a direction on offer now, with its two assets (see `offeredRate`). */
export interface OfferedRate {
  rate: DirectionRateDto;
  from: RateAsset;
  to: RateAsset;
}

/**
 * The one rule for "this direction is offered right now": the store holds a snapshot that has not
 * expired, the direction has a rate that is not stale, and both assets are priced. Order creation,
 * the operator's re-pricing and the prerendered home page ask it.
 */
export function offeredRate(state: RatesState | null, pair: { from: string; to: string }): OfferedRate | undefined {
  if (!state || state.expired) return undefined;
  const rate = state.rates.get(directionKey(pair));
  const from = state.assets.get(pair.from);
  const to = state.assets.get(pair.to);
  return rate && !rate.stale && from && to ? { rate, from, to } : undefined;
}

/** Where a store sends its updates. */
export interface RatesBroadcast {
  /** `before`: every rate as it was before this update (the frames carry only what differs). */
  rates(update: RatesUpdate, before: ReadonlyMap<string, DirectionRateDto>): void;
  reserves(update: ReservesUpdate): void;
}

export interface RatesStore extends RatesView {
  /** Starts sending updates there (the sockets exist only once the app is built). */
  broadcastTo(broadcast: RatesBroadcast): void;
  close(): Promise<void>;
}

export interface RatesStoreOptions {
  kv: KV;
  logger: Logger;
  broadcast?: RatesBroadcast;
  /** Defaults to EXPIRY_CHECK_MS. */
  expiryCheckMs?: number;
  /** Clock; the wall clock unless a test fixes it. */
  now?: () => Date;
}

interface Emitted {
  rates: DirectionRateDto[];
  removed: RatesUpdate['removed'];
  reserves: ReserveEntry[];
  removedReserves: string[];
}

function staleCopy(rate: DirectionRateDto): DirectionRateDto {
  return rate.stale ? rate : { ...rate, stale: true };
}

function indexAssets(assets: readonly RateAsset[]): Map<string, RateAsset> {
  return new Map(assets.map((asset) => [asset.code, asset]));
}

export async function startRatesStore(options: RatesStoreOptions): Promise<RatesStore> {
  const { kv, logger } = options;
  const now = options.now ?? (() => new Date());
  let broadcast = options.broadcast;
  let state: RatesState | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  let closed = false;
  // Messages, reloads and expiry run one at a time, in arrival order.
  let queue: Promise<void> = Promise.resolve();

  function enqueue(task: () => Promise<void> | void): Promise<void> {
    queue = queue.then(task).catch((error: unknown) => logger.error({ err: error }, 'rates store update failed'));
    return queue;
  }

  const compressor = createExportCompressor(logger);

  /** New export bodies; their br and gzip copies follow off the request path. */
  function rebuildExports(list: readonly DirectionRateDto[], assets: ReadonlyMap<string, RateAsset>): ExportCache {
    const cache = buildExportCache(list, [...assets.values()], { now: now(), previous: state?.exports });
    compressor.compress(cache);
    return cache;
  }

  function emit(version: number, at: string, emitted: Emitted, before: ReadonlyMap<string, DirectionRateDto>): void {
    if (closed || !broadcast) return;
    if (emitted.rates.length > 0 || emitted.removed.length > 0) {
      broadcast.rates({ version, rates: emitted.rates, removed: emitted.removed, at }, before);
    }
    if (emitted.reserves.length > 0 || emitted.removedReserves.length > 0) {
      broadcast.reserves({ version, reserves: emitted.reserves, removed: emitted.removedReserves, at });
    }
  }

  /**
   * Sends the change, then (when rates moved) rebuilds the exports of the state just set, in the
   * same turn: nothing reads the state in between, and the pages get their frames before the
   * rebuild's megabytes of strings (and the collection they bring on) on the generated catalogue.
   */
  function emitThenExport(version: number, at: string, emitted: Emitted, before: ReadonlyMap<string, DirectionRateDto>, ratesMoved: boolean): void {
    try {
      emit(version, at, emitted, before);
    } finally {
      if (ratesMoved && state !== null) state = { ...state, exports: rebuildExports(state.list, state.assets) };
    }
  }

  /**
   * Whether a snapshot or change is ahead of the current state: a higher version, or a later
   * time (the KV was emptied and the worker counts from 1 again).
   */
  function isNewer(next: Pick<RatesSnapshot, 'version' | 'generatedAt'>): boolean {
    if (state === null) return true;
    return next.version > state.version || Date.parse(next.generatedAt) > Date.parse(state.generatedAt);
  }

  function isPast(instant: string): boolean {
    return now().getTime() > Date.parse(instant);
  }

  /** Takes the whole snapshot from the KV and sends clients what differs from what they had. */
  async function reload(): Promise<void> {
    const snapshot = await readSnapshot(kv);
    if (snapshot === null || !isNewer(snapshot)) return;
    const expired = isPast(snapshot.staleAt);
    const incoming = expired ? snapshot.rates.map(staleCopy) : snapshot.rates;
    const rates = diffRates(state?.rates ?? new Map(), incoming);
    const reserves = diffReserves(state?.reserves ?? [], snapshot.reserves);
    const assets = indexAssets(snapshot.assets);
    const before = state?.rates ?? new Map<string, DirectionRateDto>();
    state = {
      version: snapshot.version,
      generatedAt: snapshot.generatedAt,
      staleAt: snapshot.staleAt,
      rates: indexRates(rates.rates),
      list: rates.rates,
      reserves: snapshot.reserves,
      assets,
      prices: snapshot.prices ?? {},
      exports: rebuildExports(rates.rates, assets),
      expired,
    };
    emit(snapshot.version, snapshot.generatedAt, {
      rates: rates.changed,
      removed: rates.removed,
      reserves: reserves.changed,
      removedReserves: reserves.removed,
    }, before);
  }

  /** Applies the change that directly follows the current state; its frames go out before the exports' rebuild. */
  function apply(current: RatesState, change: RatesChange): void {
    const rates = new Map(current.rates);
    for (const rate of change.rates) rates.set(directionKey(rate), rate);
    for (const key of change.removed) rates.delete(directionKey(key));
    const reserveAmounts = new Map(current.reserves.map((entry) => [entry.code, entry.amount]));
    for (const entry of change.reserves) reserveAmounts.set(entry.code, entry.amount);
    for (const code of change.removedReserves) reserveAmounts.delete(code);
    const assets = change.assets ? indexAssets(change.assets) : current.assets;
    const ratesMoved = change.rates.length > 0 || change.removed.length > 0 || change.assets !== undefined;
    const list = ratesMoved ? [...rates.values()] : current.list;
    state = {
      version: change.version,
      generatedAt: change.generatedAt,
      staleAt: change.staleAt,
      rates,
      list,
      reserves: [...reserveAmounts].map(([code, amount]) => ({ code, amount })),
      assets,
      prices: change.prices ?? current.prices,
      exports: current.exports,
      expired: false,
    };
    emitThenExport(change.version, change.generatedAt, {
      rates: change.rates,
      removed: change.removed,
      reserves: change.reserves,
      removedReserves: change.removedReserves,
    }, current.rates, ratesMoved);
  }

  function onMessage(message: string): void {
    void enqueue(async () => {
      if (closed) return;
      const change = JSON.parse(message) as RatesChange;
      // Parsing 20,000 rates and rebuilding the exports are each tens of milliseconds: let
      // requests in between (the queue keeps every other update of the state out meanwhile).
      await nextTurn();
      if (closed || !isNewer(change)) return;
      if (state !== null && !state.expired && change.version === state.version + 1) apply(state, change);
      else await reload();
    });
  }

  /** Past `staleAt` with no newer snapshot: every rate turns stale and leaves the exports. */
  function expire(): void {
    if (state === null || state.expired || !isPast(state.staleAt)) return;
    logger.warn({ version: state.version, staleAt: state.staleAt }, 'no new rates from the worker; every rate is stale');
    const changed: DirectionRateDto[] = [];
    const list = state.list.map((rate) => {
      const stale = staleCopy(rate);
      if (stale !== rate) changed.push(stale);
      return stale;
    });
    const before = state.rates;
    state = { ...state, rates: indexRates(list), list, exports: rebuildExports(list, state.assets), expired: true };
    emit(state.version, now().toISOString(), { rates: changed, removed: [], reserves: [], removedReserves: [] }, before);
  }

  let subscribing: Promise<void> | null = null;

  /** Subscribes (again after a failure), then loads what was published before. */
  function subscribe(): Promise<void> {
    if (unsubscribe || closed) return Promise.resolve();
    subscribing ??= (async () => {
      try {
        unsubscribe = await kv.subscribe(RATES_CHANNEL, onMessage);
      } catch (error) {
        logger.warn({ err: error }, 'rates store cannot subscribe yet; retrying');
        return;
      } finally {
        subscribing = null;
      }
      if (closed) {
        await unsubscribe();
        return;
      }
      await enqueue(reload);
    })();
    return subscribing;
  }

  const timer = setInterval(() => {
    void subscribe();
    void enqueue(expire);
  }, options.expiryCheckMs ?? EXPIRY_CHECK_MS);
  timer.unref();
  await subscribe();

  return {
    current: () => state,
    broadcastTo(target) {
      broadcast = target;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await subscribing;
      await unsubscribe?.();
      await queue;
      await compressor.close();
    },
  };
}
