/** The reserves page's rows: every enabled asset with its live reserve, grouped by type, searched. */
import type { AssetDto } from '../../../../common/catalogue';
import { ASSET_TYPES, type AssetType } from '../../../../common/enums';
import { searchAssets } from '../../exchange/assetSearch';

/**
 * Cards a group shows at first, and how many more each "Show more" adds: the full catalogue has
 * 1,000 assets, and rendering every card at once kept a phone's main thread busy for seconds
 * (bench:web, /reserves). 24 fills whole rows at 1, 2, 3 and 4 columns; with 60 the first render
 * of the three groups was still the page's longest task. The search still looks through every asset.
 */
export const RESERVES_SHOWN = 24;

export interface ReserveRow {
  asset: AssetDto;
  amount: string;
}

export interface ReserveGroup {
  type: AssetType;
  rows: ReserveRow[];
}

/** Groups in type order (coin, fiat, cash); a group the search leaves empty is left out. */
export function reserveGroups(
  assets: readonly AssetDto[],
  reserves: Readonly<Record<string, string>>,
  query: string,
): ReserveGroup[] {
  const found = searchAssets(
    assets.filter((asset) => asset.enabled),
    query,
  );
  return ASSET_TYPES.map((type) => ({
    type,
    rows: found
      .filter((asset) => asset.type === type)
      .map((asset) => ({ asset, amount: reserves[asset.code] ?? asset.reserve })),
  })).filter((group) => group.rows.length > 0);
}
