/**
 * Reading again a catalogue a process holds (the GET /api/catalogue cache, the rate worker): the
 * one rule of what to read, for every holder. On the generated catalogue a whole read is 20,000
 * directions (half a second on the event loop), so:
 * - after a change of reserves only (a payout: rates/catalogueChanged.ts) the assets are read
 *   and the directions kept — neither their set nor their order depends on a reserve;
 * - on the holder's schedule it revalidates: the offered assets and one aggregate of the
 *   directions table (row count, latest `updatedAt`, which every write through the models sets);
 *   everything is read when that aggregate or any field of the assets but the reserves changed,
 *   and at least every CATALOGUE_FULL_READ_MS (MySQL keeps whole seconds: a second write in the
 *   same second as the last one read, or one that leaves `updatedAt` alone, is unseen until then);
 * - after any other announced change everything is read.
 */
import type { Database } from '../platform/db';
import { initModels } from '../models';
import type { AssetDto } from '../../common/catalogue';
import { loadCatalogue, loadCatalogueAssets, type Catalogue } from './repository';

/** How long a holder may keep its directions on revalidations alone. */
export const CATALOGUE_FULL_READ_MS = 5 * 60_000;

/** A catalogue as its holder read it. */
export interface HeldCatalogue {
  catalogue: Catalogue;
  /** directionsRevision() as read before the directions. */
  directionsRevision: string;
  /** When the directions were last read (ms, the holder's clock). */
  fullReadAt: number;
}

/** Why a holder reads again: a change of reserves only, its schedule, or any other change. */
export type RereadReason = 'reserves' | 'revalidate' | 'all';

/** The directions table's row count and latest `updatedAt`: one aggregate, no row sent. */
export async function directionsRevision(db: Pick<Database, 'sequelize'>): Promise<string> {
  const { sequelize } = db;
  const { Direction } = initModels(sequelize);
  const [row] = (await Direction.findAll({
    attributes: [
      [sequelize.fn('COUNT', sequelize.col('id')), 'count'],
      [sequelize.fn('MAX', sequelize.col('updatedAt')), 'latest'],
    ],
    raw: true,
  })) as unknown as Array<{ count: number | string; latest: unknown }>;
  const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
  return `${String(row?.count ?? 0)}|${latest}`;
}

/** Everything of the offered assets but their reserves, in order: what the directions on offer depend on. */
function withoutReserves(assets: readonly AssetDto[]): string {
  return JSON.stringify(assets.map(({ reserve: _reserve, ...rest }) => rest));
}

async function readWhole(db: Pick<Database, 'sequelize'>, nowMs: number): Promise<HeldCatalogue> {
  const revision = await directionsRevision(db);
  return { catalogue: await loadCatalogue(db), directionsRevision: revision, fullReadAt: nowMs };
}

/** `held` with `assets`; `held` itself when they are the same (nothing changed at all). */
function withAssets(held: HeldCatalogue, assets: AssetDto[]): HeldCatalogue {
  if (JSON.stringify(assets) === JSON.stringify(held.catalogue.assets)) return held;
  return { ...held, catalogue: { assets, directions: held.catalogue.directions } };
}

/**
 * The catalogue to hold after `reason` (see above): `held` itself when nothing changed at all,
 * so a holder can keep what it built from it. Without `held`, everything is read.
 */
export async function rereadCatalogue(db: Pick<Database, 'sequelize'>, held: HeldCatalogue | null, reason: RereadReason, nowMs: number): Promise<HeldCatalogue> {
  if (held === null || reason === 'all' || (reason === 'revalidate' && nowMs - held.fullReadAt >= CATALOGUE_FULL_READ_MS)) return readWhole(db, nowMs);
  if (reason === 'reserves') return withAssets(held, await loadCatalogueAssets(db));
  const [revision, assets] = await Promise.all([directionsRevision(db), loadCatalogueAssets(db)]);
  if (revision !== held.directionsRevision || withoutReserves(assets) !== withoutReserves(held.catalogue.assets)) return readWhole(db, nowMs);
  return withAssets(held, assets);
}
