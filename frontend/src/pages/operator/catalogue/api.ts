/** The admin catalogue API (backend/catalogue/admin/routes.ts) as react-query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAssetDto,
  AdminDirectionDto,
  AdminDirectionList,
  AdminReserveDto,
  AssetPatch,
  DirectionPatch,
  ReservePut,
} from '../../../../../common/catalogueAdmin';
import { api } from '../../../api/client';

export interface DirectionFilter {
  /** Part of a code, or one direction as `FROM TO` / `FROM>TO`. */
  q: string;
  page: number;
}

/** The query of a search text: a pair of codes filters by both ends, anything else by either code. */
export function directionQuery(filter: DirectionFilter): Record<string, string | number | undefined> {
  const pair = /^([A-Z0-9]{2,24})[\s>]+([A-Z0-9]{2,24})$/.exec(filter.q.trim().toUpperCase());
  if (pair) return { from: pair[1], to: pair[2], page: filter.page };
  return { q: filter.q.replace(/[^A-Za-z0-9]/g, '') || undefined, page: filter.page };
}

const KEYS = {
  directions: ['admin', 'directions'] as const,
  assets: ['admin', 'assets'] as const,
  reserves: ['admin', 'reserves'] as const,
};

export function useAdminDirections(filter: DirectionFilter) {
  return useQuery({
    queryKey: [...KEYS.directions, filter],
    queryFn: () => api.get<AdminDirectionList>('/admin/directions', { query: directionQuery(filter) }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDirection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to, patch }: { from: string; to: string; patch: DirectionPatch }) =>
      api.patch<AdminDirectionDto>(`/admin/directions/${from}/${to}`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.directions }),
  });
}

export function useAdminAssets() {
  return useQuery({
    queryKey: KEYS.assets,
    queryFn: async () => (await api.get<{ assets: AdminAssetDto[] }>('/admin/assets')).assets,
  });
}

export function useSaveAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: AssetPatch }) => api.patch<AdminAssetDto>(`/admin/assets/${code}`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.assets }),
  });
}

export function useAdminReserves() {
  return useQuery({
    queryKey: KEYS.reserves,
    queryFn: async () => (await api.get<{ reserves: AdminReserveDto[] }>('/admin/reserves')).reserves,
  });
}

export function useSaveReserve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: ReservePut }) => api.put<AdminReserveDto>(`/admin/reserves/${code}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.reserves }),
  });
}
