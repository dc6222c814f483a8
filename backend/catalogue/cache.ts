/**
 * The catalogue as GET /api/catalogue and its parts serve it: loaded once and reused until it is
 * older than the time to live or invalidated (the whole document serialised with its ETag on first
 * use). Requests arriving while a load runs share it. With several web processes each keeps its own
 * copy; a catalogue change announced anywhere (invalidation.ts) drops it in every process — a
 * payout's change of a reserve only re-reads the assets and keeps the directions.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../platform/db';
import { shareBody } from '../platform/http/compress';
import { successBody } from '../platform/http/respond';
import { onCatalogueInvalidated } from './invalidation';
import { rereadCatalogue, type HeldCatalogue, type RereadReason } from './held';
import type { Catalogue } from './repository';

/** How long a loaded catalogue is served before the database is asked again (cheaply: held.ts). */
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
      const body = shareBody(successBody(catalogue));
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
  /** The read in progress (`done` false) or done, served until `expiresAt`; a failed one is forgotten. */
  let current: { promise: Promise<CatalogueSnapshot>; done: boolean; expiresAt: number } | undefined;
  /** Reserves changed since `current` was read (a payout): its assets are read again on the next get. */
  let reservesStale = false;
  /** How each snapshot's catalogue was read (held.ts decides what to read again). */
  const reads = new WeakMap<CatalogueSnapshot, HeldCatalogue>();

  /** The snapshot after `reason` (held.ts); `held` itself when nothing changed at all (its body, ETag and parts stay built). */
  async function reread(held: CatalogueSnapshot | null, reason: RereadReason): Promise<CatalogueSnapshot> {
    const at = now();
    const before = held ? (reads.get(held) ?? null) : null;
    const read = await rereadCatalogue(db, before, reason, at);
    if (held && read === before) return held;
    const snapshot = snapshotOf(read.catalogue, at);
    reads.set(snapshot, read);
    return snapshot;
  }

  /** Makes `promise` the current entry until `expiresAt`: callers arriving meanwhile share it. */
  function start(promise: Promise<CatalogueSnapshot>, expiresAt: number): Promise<CatalogueSnapshot> {
    const entry = { promise, done: false, expiresAt };
    promise.then(
      () => {
        entry.done = true;
      },
      () => {
        if (current === entry) current = undefined;
      },
    );
    current = entry;
    return promise;
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
      if (held && !held.done) return held.promise;
      if (held && now() < held.expiresAt) {
        if (!reservesStale) return held.promise;
        reservesStale = false;
        return start(held.promise.then((snapshot) => reread(snapshot, 'reserves')), held.expiresAt);
      }
      reservesStale = false;
      const expiresAt = now() + ttlMs;
      return start(held ? held.promise.then((snapshot) => reread(snapshot, 'revalidate')) : reread(null, 'all'), expiresAt);
    },
    invalidate() {
      current = undefined;
      reservesStale = false;
    },
  };
}
