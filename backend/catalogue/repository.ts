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
