/**
 * The asset modal's filter: a type tab and a search over code, the names in both languages
 * (so "сбер" and "sber" both find Sberbank, whatever the interface language), currency,
 * network and city.
 */
import type { AssetDto } from '../../../common/catalogue';
import { ASSET_TABS, type AssetTab } from '../../../common/enums';

function haystack(asset: AssetDto): string {
  return [asset.code, asset.name, asset.nameRu ?? '', asset.currency, asset.network ?? '', asset.city ?? ''].join(' ').toLowerCase();
}

/** Assets matching every word of the query, in catalogue order, exact code matches first. */
export function searchAssets(assets: readonly AssetDto[], query: string): AssetDto[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...assets];
  const found = assets.filter((asset) => {
    const text = haystack(asset);
    return words.every((word) => text.includes(word));
  });
  const exact = query.trim().toUpperCase();
  return [...found.filter((asset) => asset.code === exact), ...found.filter((asset) => asset.code !== exact)];
}

export function inTab(asset: AssetDto, tab: AssetTab): boolean {
  return tab === 'all' || asset.type === tab;
}

/** How many of `assets` each tab holds. */
export function countByTab(assets: readonly AssetDto[]): Record<AssetTab, number> {
  const counts = Object.fromEntries(ASSET_TABS.map((tab) => [tab, 0])) as Record<AssetTab, number>;
  for (const asset of assets) {
    counts.all += 1;
    counts[asset.type] += 1;
  }
  return counts;
}
