/**
 * The server data the exchange screens read: the catalogue (`GET /api/catalogue`) and the
 * current rates and reserves (`GET /api/rates`). Both answer decimal strings only.
 */
import { useQuery } from '@tanstack/react-query';
import type { AssetDto, DirectionDto } from '../../../common/catalogue';
import type { RatesDto } from '../../../common/events';
import { api } from '../api/client';

export interface CatalogueResponse {
  assets: AssetDto[];
  directions: DirectionDto[];
}


export const CATALOGUE_QUERY_KEY = ['catalogue'] as const;

export function fetchCatalogue(): Promise<CatalogueResponse> {
  return api.get<CatalogueResponse>('/catalogue');
}

export function fetchRates(): Promise<RatesDto> {
  return api.get<RatesDto>('/rates');
}

/** The catalogue, shared by every exchange screen through the query cache. */
export function useCatalogue() {
  return useQuery({ queryKey: CATALOGUE_QUERY_KEY, queryFn: fetchCatalogue });
}
