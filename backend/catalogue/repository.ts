/**
 * Reading the catalogue from the database as the DTOs of common/catalogue.ts. Used by the rate
 * worker (every enabled direction gets a rate) and by GET /api/catalogue.
 */
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import { ASSET_TYPES } from '../../common/enums';
import type { Database } from '../platform/db';
import { initModels, type Asset } from '../models';
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
export function compareAssets(a: Asset, b: Asset): number {
  return (
    ASSET_TYPES.indexOf(a.type) - ASSET_TYPES.indexOf(b.type) ||
    a.sortOrder - b.sortOrder ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
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
  const { Asset, Direction } = initModels(db.sequelize);
  const onlyEnabled = !options.includeDisabled;
  const where = onlyEnabled ? { enabled: true } : {};
  // Only the presented columns, read raw and built in one go: for the 20,000 generated
  // directions this takes about half the time of a plain findAll (which also parses timestamps).
  const [assetValues, directionValues] = await Promise.all([
    Asset.findAll({ where, attributes: ASSET_ATTRIBUTES, raw: true }),
    Direction.findAll({ where, attributes: DIRECTION_ATTRIBUTES, raw: true }),
  ]);
  const assetRows = Asset.bulkBuild(assetValues as never, { raw: true, isNewRecord: false });
  const directionRows = Direction.bulkBuild(directionValues as never, { raw: true, isNewRecord: false });

  assetRows.sort(compareAssets);
  const position = new Map(assetRows.map((asset, index) => [asset.code, index]));
  const directions = directionRows.filter((direction) => position.has(direction.fromCode) && position.has(direction.toCode));
  directions.sort(
    (a, b) =>
      (position.get(a.fromCode) as number) - (position.get(b.fromCode) as number) ||
      (position.get(a.toCode) as number) - (position.get(b.toCode) as number),
  );

  const offered = new Set(directions.map((direction) => `${direction.fromCode}>${direction.toCode}`));
  return {
    assets: assetRows.map(presentAsset),
    directions: directions.map((direction) =>
      presentDirection(direction, {
        oneWay: direction.oneWay || (onlyEnabled && !offered.has(`${direction.toCode}>${direction.fromCode}`)),
      }),
    ),
  };
}
