import { QueryClient } from '@tanstack/react-query';

/** Server data freshness of spec §9 (5000 ms); calls are never retried (spec §7). */
export const QUERY_STALE_TIME_MS = 5000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
