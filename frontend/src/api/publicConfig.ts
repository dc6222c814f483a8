import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../common/api';
import { api, apiBaseFromPublicUrl, setApiBase } from './client';
import { queryClient } from './queryClient';

export const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const;

let pending: Promise<PublicConfig> | null = null;

/** `GET /api/config`, fetched once per page load; also points the API client at PUBLIC_URL's path. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= api.get<PublicConfig>('/config').then(
    (config) => {
      setApiBase(apiBaseFromPublicUrl(config.publicUrl));
      return config;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The public configuration for components; `undefined` until it arrives (or if it could not be loaded). */
export function usePublicConfig(): PublicConfig | undefined {
  const { data } = useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: loadPublicConfig,
    staleTime: Infinity,
    gcTime: Infinity,
    retryOnMount: false,
  });
  return data;
}

/** Starts loading the configuration at boot so error pages have the support link at hand. */
export function prefetchPublicConfig(): void {
  void queryClient.prefetchQuery({ queryKey: PUBLIC_CONFIG_QUERY_KEY, queryFn: loadPublicConfig, staleTime: Infinity });
}
