import type { ApiKeyDto, ApiKeyPatch, CreatedApiKey, WebhookDeliveryDto } from '../../../../common/partnerApi';
import { ApiError } from '../../api/ApiError';
import { api } from '../../api/client';

export const API_KEYS_KEY = ['user', 'api-keys'] as const;
export const deliveriesKey = (apiKey: string) => [...API_KEYS_KEY, apiKey, 'deliveries'] as const;

export interface DeliveriesPage {
  items: WebhookDeliveryDto[];
  nextCursor: string | null;
}

const keyPath = (apiKey: string) => `/user/api-keys/${encodeURIComponent(apiKey)}`;

export const apiKeysApi = {
  list: () => api.get<ApiKeyDto[]>('/user/api-keys'),
  create: () => api.post<CreatedApiKey>('/user/api-keys', {}),
  update: (apiKey: string, patch: ApiKeyPatch) => api.patch<ApiKeyDto>(keyPath(apiKey), patch),
  remove: (apiKey: string) => api.delete<unknown>(keyPath(apiKey)),
  /** The webhook delivery log; a 404 (no log on the server yet) reads as an empty log. */
  deliveries: async (apiKey: string, cursor: string | null): Promise<DeliveriesPage> => {
    try {
      return await api.get<DeliveriesPage>(`${keyPath(apiKey)}/deliveries`, { query: { cursor: cursor ?? undefined } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { items: [], nextCursor: null };
      throw error;
    }
  },
};
