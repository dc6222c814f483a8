/**
 * Reading the catalogue from the database as the DTOs of common/catalogue.ts. Used by the rate
 * worker (every enabled direction gets a rate) and by GET /api/catalogue.
 */
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import { ASSET_TYPES } from '../../common/enums';
import type { Attributes } from 'sequelize';
import type { Database } from '../platform/db';
import { fromRawRow } from '../platform/db/raw';
import { initModels, type Asset, type Direction } from '../models';
import { presentAsset } from './presentAsset';
import { presentDirection } from './presentDirection';

export interface Catalogue {
  assets: AssetDto[];
  directions: DirectionDto[];
}

export interface LoadCatalogueOptions {
  /** Also return disabled assets and directions (operator views). Default: enabled only. */
  includeDisabled?: boolean;
}

const ASSET_ATTRIBUTES = ['code', 'name', 'nameRu', 'type', 'currency', 'network', 'precision', 'icon', 'reserve', 'reserveMode', 'reserveManual', 'enabled', 'city', 'sortOrder'];
const DIRECTION_ATTRIBUTES = ['fromCode', 'toCode', 'markup', 'minAmount', 'maxAmount', 'rateTypes', 'fixedPeriodMinutes', 'manual', 'oneWay', 'extraFields', 'fees', 'schedule', 'enabled'];

/** Coins, then fiat, then cash; within a type by sort order, then code. */
export function compareAssets(a: Pick<Asset, 'type' | 'sortOrder' | 'code'>, b: Pick<Asset, 'type' | 'sortOrder' | 'code'>): number {
  return (
    ASSET_TYPES.indexOf(a.type) - ASSET_TYPES.indexOf(b.type) ||
    a.sortOrder - b.sortOrder ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

/** The assets matching `where`, sorted (compareAssets), each row read in place. */
async function readAssets(db: Pick<Database, 'sequelize'>, where: { enabled?: boolean }): Promise<Array<Attributes<Asset>>> {
  const { Asset } = initModels(db.sequelize);
  const values = (await Asset.findAll({ where, attributes: ASSET_ATTRIBUTES, raw: true })) as unknown as Array<Record<string, unknown>>;
  return values.map((row) => fromRawRow(Asset, row)).sort(compareAssets);
}

/**
 * The offered assets of the catalogue as loadCatalogue gives them (same order), alone: after a
 * change of reserves only (rates/catalogueChanged.ts), a reader that holds the catalogue re-reads
 * these and keeps its directions — neither their set nor their order depends on a reserve.
 */
export async function loadCatalogueAssets(db: Pick<Database, 'sequelize'>): Promise<AssetDto[]> {
  return (await readAssets(db, { enabled: true })).map(presentAsset);
}

/** How the catalogue of a held copy was read, for revalidateCatalogue. */
export interface HeldCatalogue<C extends { assets: readonly AssetDto[]; directions: readonly DirectionDto[] } = Catalogue> {
  catalogue: C;
  /** directionsRevision() read before the catalogue. */
  directionsRevision: string;
}

/**
 * A fingerprint of the directions table: its row count and latest `updatedAt` (every write through
 * the models sets it). One aggregate the database answers without sending a row; MySQL keeps whole
 * seconds, so a second change within the same second as the first goes unseen here — which is why
 * holders still read everything on a longer schedule (CATALOGUE_FULL_READ_MS).
 */
export async function directionsRevision(db: Pick<Database, 'sequelize'>): Promise<string> {
  const { Direction } = initModels(db.sequelize);
  const [row] = (await Direction.findAll({
    attributes: [
      [Direction.sequelize!.fn('COUNT', Direction.sequelize!.col('id')), 'count'],
      [Direction.sequelize!.fn('MAX', Direction.sequelize!.col('updatedAt')), 'latest'],
    ],
    raw: true,
  })) as unknown as Array<{ count: number | string; latest: unknown }>;
  const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
  return `${String(row?.count ?? 0)}|${latest}`;
}

/** Everything of the offered assets but their reserves, in order: what the directions on offer depend on. */
function assetsWithoutReserves(assets: readonly AssetDto[]): string {
  return JSON.stringify(assets.map(({ reserve: _reserve, ...rest }) => rest));
}

/** How long a holder may keep its directions on revalidations alone (they cannot see two changes in one MySQL second). */
export const CATALOGUE_FULL_READ_MS = 5 * 60_000;

/**
 * Whether a held catalogue still stands, read cheaply — the offered assets (1,000 rows on the
 * generated catalogue) and the directions' revision instead of 20,000 directions: the same held
 * catalogue with the assets just read (their reserves fresh) when nothing but reserves changed,
 * else null (the caller reads everything with loadCatalogue). For the holders' periodic re-reads;
 * a change made through the console is announced and read at once (invalidation.ts).
 */
export async function revalidateCatalogue<D extends readonly DirectionDto[]>(
  db: Pick<Database, 'sequelize'>,
  held: HeldCatalogue<{ assets: readonly AssetDto[]; directions: D }>,
): Promise<HeldCatalogue<{ assets: AssetDto[]; directions: D }> | null> {
  const [revision, assets] = await Promise.all([directionsRevision(db), loadCatalogueAssets(db)]);
  if (revision !== held.directionsRevision || assetsWithoutReserves(assets) !== assetsWithoutReserves(held.catalogue.assets)) return null;
  return { catalogue: { assets, directions: held.catalogue.directions }, directionsRevision: revision };
}

/** loadCatalogue (offered only) with the directions' revision read before it, for revalidateCatalogue. */
export async function loadHeldCatalogue(db: Pick<Database, 'sequelize'>): Promise<HeldCatalogue> {
  const revision = await directionsRevision(db);
  return { catalogue: await loadCatalogue(db), directionsRevision: revision };
}

/**
 * The catalogue, sorted: assets coins → fiat → cash and by sort order within a type; directions
 * in the order of their `from` asset, then of their `to` asset.
 *
 * By default only what is offered: enabled assets, and enabled directions whose two assets are
 * enabled. There a direction is `oneWay` when stored so or when its reverse is not offered.
 * With `includeDisabled` everything is returned as stored.
 */
export async function loadCatalogue(db: Pick<Database, 'sequelize'>, options: LoadCatalogueOptions = {}): Promise<Catalogue> {
  const { Direction } = initModels(db.sequelize);
  const onlyEnabled = !options.includeDisabled;
  const where = onlyEnabled ? { enabled: true } : {};
  // Only the presented columns, read raw and each row read in place as an instance would read
  // it (fromRawRow: the attributes' own getters): for the 20,000 generated directions, building
  // model instances cost most of the read (the rate worker reads it every CATALOGUE_REFRESH_MS).
  const [assetRows, directionValues] = await Promise.all([readAssets(db, where), Direction.findAll({ where, attributes: DIRECTION_ATTRIBUTES, raw: true })]);
  const directionRows: Array<Attributes<Direction>> = (directionValues as unknown as Array<Record<string, unknown>>).map((row) => fromRawRow(Direction, row));

  const position = new Map(assetRows.map((asset, index) => [asset.code, index]));
  // Each direction's place, from (asset position, asset position), computed once: the sort then
  // compares numbers (20,000 directions: ~300,000 comparisons).
  const width = assetRows.length;
  const placed: Array<{ rank: number; direction: Attributes<Direction> }> = [];
  for (const direction of directionRows) {
    const from = position.get(direction.fromCode);
    const to = position.get(direction.toCode);
    if (from !== undefined && to !== undefined) placed.push({ rank: from * width + to, direction });
  }
  placed.sort((a, b) => a.rank - b.rank);
  const offered = new Set(placed.map((entry) => entry.rank));
  const directions = placed.map((entry) => entry.direction);
  const reverseOffered = (direction: Attributes<Direction>) => offered.has(position.get(direction.toCode)! * width + position.get(direction.fromCode)!);

  return {
    assets: assetRows.map(presentAsset),
    directions: directions.map((direction) =>
      presentDirection(direction, {
        oneWay: direction.oneWay || (onlyEnabled && !reverseOffered(direction)),
      }),
    ),
  };
}
