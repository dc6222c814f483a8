/**
 * The catalogue as GET /api/catalogue serves it: loaded once, serialised once (envelope
 * included) with its ETag, and reused until it is older than the time to live or invalidated.
 * Requests arriving while a load runs share it. With several web processes each keeps its own
 * copy; a catalogue change announced anywhere (invalidation.ts) drops it in every process.
 */
import { createHash } from 'node:crypto';
import type { ApiSuccess } from '../../common/api';
import type { Database } from '../platform/db';
import { onCatalogueInvalidated } from './invalidation';
import { loadCatalogue, type Catalogue } from './repository';

/** How long a loaded catalogue is served before the database is read again. */
export const CATALOGUE_CACHE_TTL_MS = 10_000;

export interface CatalogueSnapshot {
  catalogue: Catalogue;
  /** `{"success":true,"data":{assets,directions}}` as UTF-8. */
  body: Buffer;
  /** Strong ETag of `body`, quoted. */
  etag: string;
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

export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const { db, ttlMs = CATALOGUE_CACHE_TTL_MS, now = Date.now } = options;
  /** The load in progress or done; `expiresAt` is set once it has succeeded. */
  let current: { promise: Promise<CatalogueSnapshot>; expiresAt?: number } | undefined;

  async function load(): Promise<CatalogueSnapshot> {
    const loadedAt = now();
    const catalogue = await loadCatalogue(db);
    const envelope: ApiSuccess<Catalogue> = { success: true, data: catalogue };
    const body = Buffer.from(JSON.stringify(envelope), 'utf8');
    return { catalogue, body, etag: etagOf(body), loadedAt };
  }

  onCatalogueInvalidated(db.sequelize, () => {
    current = undefined;
  });

  return {
    get() {
      if (current && (current.expiresAt === undefined || now() < current.expiresAt)) return current.promise;
      // Callers arriving while this load runs share it; a failed load is forgotten.
      const entry: { promise: Promise<CatalogueSnapshot>; expiresAt?: number } = { promise: load() };
      entry.promise.then(
        (snapshot) => {
          entry.expiresAt = snapshot.loadedAt + ttlMs;
        },
        () => {
          if (current === entry) current = undefined;
        },
      );
      current = entry;
      return entry.promise;
    },
    invalidate() {
      current = undefined;
    },
  };
}
