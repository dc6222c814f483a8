/**
 * Pages of `GET /api/admin/audit` (newest first, "load more" by cursor) for the filters given:
 * react-query's infinite query, one cache entry per filter set.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditList } from '../../../../../common/audit';
import { api } from '../../../api/client';

export interface AuditFilters {
  action: string;
  actorId: string;
  targetType: string;
  targetId: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actorId: '', targetType: '', targetId: '' };

/** The query string of the filters: empty ones left out. */
export function auditQuery(filters: AuditFilters, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim();
  if (cursor) query.cursor = cursor;
  return query;
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam, signal }) => api.get<AuditList>('/admin/audit', { query: auditQuery(filters, pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
