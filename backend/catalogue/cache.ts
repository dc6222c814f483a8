/**
 * The catalogue as GET /api/catalogue and its parts serve it: loaded once and reused until it is
 * older than the time to live or invalidated (the whole document serialised with its ETag on first
 * use). Requests arriving while a load runs share it. With several web processes each keeps its own
 * copy; a catalogue change announced anywhere (invalidation.ts) drops it in every process — a
 * payout's change of a reserve only re-reads the assets and keeps the directions.
 */
import { createHash } from 'node:crypto';
import type { ApiSuccess } from '../../common/api';
import type { Database } from '../platform/db';
import { onCatalogueInvalidated } from './invalidation';
import { CATALOGUE_FULL_READ_MS, loadCatalogueAssets, loadHeldCatalogue, revalidateCatalogue, type Catalogue } from './repository';

/**
 * How long a loaded catalogue is served before the database is asked again (cheaply: see
 * revalidate below; every row at least every CATALOGUE_FULL_READ_MS).
 */
export const CATALOGUE_CACHE_TTL_MS = 10_000;

export interface CatalogueSnapshot {
  catalogue: Catalogue;
  /** `{"success":true,"data":{assets,directions}}` as UTF-8 (built on first use). */
  readonly body: Buffer;
  /** Strong ETag of `body`, quoted. */
  readonly etag: string;
  /** When it was loaded (ms since the epoch, from `now`). */
  loadedAt: number;
}

export interface CatalogueCache {
  get(): Promise<CatalogueSnapshot>;
  /** The next get() reads the database (call after changing the catalogue). */
  invalidate(): void;
}

export interface CatalogueCacheOptions {
  db: Pick<Database, 'sequelize'>;
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Quoted strong ETag of a body: its SHA-1 in base64url. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A snapshot of `catalogue` loaded at `loadedAt`. Its whole-document body (4.8 MB on the generated
 * catalogue) and ETag are built on first use: the screens ask for parts (parts.ts), and a snapshot
 * that only refreshed the reserves should not serialise 20,000 directions nobody asked for.
 */
function snapshotOf(catalogue: Catalogue, loadedAt: number): CatalogueSnapshot {
  let whole: { body: Buffer; etag: string } | undefined;
  const built = () => {
    if (!whole) {
      const envelope: ApiSuccess<Catalogue> = { success: true, data: catalogue };
      const body = Buffer.from(JSON.stringify(envelope), 'utf8');
      whole = { body, etag: etagOf(body) };
    }
    return whole;
  };
  return {
    catalogue,
    loadedAt,
    get body() {
      return built().body;
    },
    get etag() {
      return built().etag;
    },
  };
}

export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const { db, ttlMs = CATALOGUE_CACHE_TTL_MS, now = Date.now } = options;
  /** The load in progress or done; `expiresAt` is set once it has succeeded. */
  let current: { promise: Promise<CatalogueSnapshot>; expiresAt?: number } | undefined;
  /** Reserves changed since `current` was read (a payout): its assets are read again on the next get. */
  let reservesStale = false;
  /** Per snapshot: the directions' revision its catalogue was read at, and when every row was last read. */
  const reads = new WeakMap<CatalogueSnapshot, { directionsRevision: string; fullReadAt: number }>();
  /** When a snapshot kept by a revalidation was last found current (its loadedAt otherwise). */
  const checkedAt = new WeakMap<CatalogueSnapshot, number>();

  async function load(): Promise<CatalogueSnapshot> {
    const loadedAt = now();
    const held = await loadHeldCatalogue(db);
    const snapshot = snapshotOf(held.catalogue, loadedAt);
    reads.set(snapshot, { directionsRevision: held.directionsRevision, fullReadAt: loadedAt });
    return snapshot;
  }

  /** `held` with its assets read again; its directions, and when they were read, stay. */
  async function refreshReserves(held: CatalogueSnapshot): Promise<CatalogueSnapshot> {
    const assets = await loadCatalogueAssets(db);
    const snapshot = snapshotOf({ assets, directions: held.catalogue.directions }, held.loadedAt);
    const read = reads.get(held);
    if (read) reads.set(snapshot, read);
    return snapshot;
  }

  /**
   * After the time to live: the held directions stand while their table's revision and every
   * other field of the offered assets are unchanged (revalidateCatalogue, a few milliseconds
   * instead of the 20,000 rows of the generated catalogue), and every row is read again at least
   * every CATALOGUE_FULL_READ_MS.
   */
  async function revalidate(held: CatalogueSnapshot): Promise<CatalogueSnapshot> {
    const read = reads.get(held);
    const at = now();
    if (!read || at - read.fullReadAt >= CATALOGUE_FULL_READ_MS) return load();
    const fresh = await revalidateCatalogue(db, { catalogue: held.catalogue, directionsRevision: read.directionsRevision });
    if (fresh === null) return load();
    // Nothing changed at all: the same snapshot (its body, ETag and parts stay built), valid anew.
    if (JSON.stringify(fresh.catalogue.assets) === JSON.stringify(held.catalogue.assets)) {
      checkedAt.set(held, at);
      return held;
    }
    const snapshot = snapshotOf(fresh.catalogue, at);
    reads.set(snapshot, read);
    return snapshot;
  }

  /** Makes `promise` the current entry: callers arriving meanwhile share it; a failed one is forgotten. */
  function start(promise: Promise<CatalogueSnapshot>): Promise<CatalogueSnapshot> {
    const entry: { promise: Promise<CatalogueSnapshot>; expiresAt?: number } = { promise };
    entry.promise.then(
      (snapshot) => {
        entry.expiresAt = (checkedAt.get(snapshot) ?? snapshot.loadedAt) + ttlMs;
      },
      () => {
        if (current === entry) current = undefined;
      },
    );
    current = entry;
    return entry.promise;
  }

  onCatalogueInvalidated(db.sequelize, (scope) => {
    if (scope === 'reserves' && current) reservesStale = true;
    else {
      current = undefined;
      reservesStale = false;
    }
  });

  return {
    get() {
      const held = current;
      if (held && held.expiresAt === undefined) return held.promise;
      if (held && now() < held.expiresAt!) {
        if (!reservesStale) return held.promise;
        reservesStale = false;
        return start(held.promise.then(refreshReserves));
      }
      reservesStale = false;
      return start(held ? held.promise.then(revalidate) : load());
    },
    invalidate() {
      current = undefined;
      reservesStale = false;
    },
  };
}
