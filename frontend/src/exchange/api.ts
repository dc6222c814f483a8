/**
 * The server data the exchange screens read, in the parts a screen needs (issue 17): the asset
 * list (`GET /api/catalogue/assets`, once, revalidated by its ETag), the directions of one asset
 * on demand (`GET /api/catalogue/assets/:code/directions`) and the rates of what is shown
 * (`GET /api/rates?pairs=|asset=|reserves=1`). All answer decimal strings only.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { AssetDirectionsDto, AssetDto, CatalogueAssetsDto, DirectionDto } from '../../../common/catalogue';
import type { RatesDto } from '../../../common/events';
import { ratesQuery, type RatesScope } from '../../../common/ratesScope';
import { api } from '../api/client';

export interface CatalogueResponse {
  assets: AssetDto[];
  directions: DirectionDto[];
}

export const CATALOGUE_ASSETS_QUERY_KEY = ['catalogue', 'assets'] as const;

export function fetchCatalogueAssets(): Promise<CatalogueAssetsDto> {
  return api.get<CatalogueAssetsDto>('/catalogue/assets');
}

export function fetchAssetDirections(code: string): Promise<AssetDirectionsDto> {
  return api.get<AssetDirectionsDto>(`/catalogue/assets/${encodeURIComponent(code)}/directions`);
}

/** The rates (and reserves) of a scope; the whole snapshot without one. */
export function fetchRates(scope?: RatesScope): Promise<RatesDto> {
  const query = scope ? ratesQuery(scope) : '';
  return api.get<RatesDto>(query ? `/rates?${query}` : '/rates');
}

/** The asset list, shared by every screen through the query cache. */
export function useCatalogueAssets() {
  return useQuery({ queryKey: CATALOGUE_ASSETS_QUERY_KEY, queryFn: fetchCatalogueAssets });
}

const directionsQuery = (code: string) => ({
  queryKey: ['catalogue', 'directions', code] as const,
  queryFn: () => fetchAssetDirections(code),
});

/**
 * The directions leaving or reaching `code` (none asked while `code` is null). While another
 * asset's load, the previous asset's stay (`data.code` tells whose they are): a swap shows at once.
 */
export function useAssetDirections(code: string | null) {
  return useQuery({ ...directionsQuery(code ?? ''), enabled: code !== null, placeholderData: keepPreviousData });
}

/** The directions of several assets, merged (without duplicates); undefined until all have loaded. */
export function useDirectionsOf(codes: readonly string[]): DirectionDto[] | undefined {
  return useQueries({
    queries: codes.map(directionsQuery),
    combine: (results) => {
      if (results.some((result) => !result.data)) return undefined;
      const seen = new Map<string, DirectionDto>();
      for (const result of results) for (const direction of result.data!.directions) seen.set(`${direction.from}>${direction.to}`, direction);
      return [...seen.values()];
    },
  });
}

/**
 * The current rates of the directions leaving or reaching `code`: what the asset modal shows as
 * available (it changes rarely: a rate turning stale, working hours), refreshed as queries are.
 */
export function useAssetRates(code: string | null) {
  return useQuery({ queryKey: ['rates', 'asset', code ?? ''], queryFn: () => fetchRates({ asset: code! }), enabled: code !== null, placeholderData: keepPreviousData });
}
