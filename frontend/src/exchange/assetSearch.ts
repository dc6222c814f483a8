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

/**
 * Options a picker lists at most. The full catalogue offers ~1,000 assets to send: listing every
 * one built some 8,000 elements each time the modal opened. The search looks through all of them.
 */
export const ASSET_OPTIONS_SHOWN = 100;

/** The first ASSET_OPTIONS_SHOWN of `assets`, the current one always among them (last, when it is further down). */
export function listedOptions(assets: readonly AssetDto[], current: string | null): AssetDto[] {
  if (assets.length <= ASSET_OPTIONS_SHOWN) return [...assets];
  const listed = assets.slice(0, ASSET_OPTIONS_SHOWN);
  if (current === null || listed.some((asset) => asset.code === current)) return listed;
  const chosen = assets.find((asset) => asset.code === current);
  return chosen ? [...listed.slice(0, ASSET_OPTIONS_SHOWN - 1), chosen] : listed;
}
