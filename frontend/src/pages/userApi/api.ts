import type { ApiKeyDto, ApiKeyPatch, CreatedApiKey, WebhookDeliveryList } from '../../../../common/partnerApi';
import { api } from '../../api/client';

export const API_KEYS_KEY = ['user', 'api-keys'] as const;
export const deliveriesKey = (apiKey: string) => [...API_KEYS_KEY, apiKey, 'deliveries'] as const;

const keyPath = (apiKey: string) => `/user/api-keys/${encodeURIComponent(apiKey)}`;

export const apiKeysApi = {
  list: () => api.get<ApiKeyDto[]>('/user/api-keys'),
  create: () => api.post<CreatedApiKey>('/user/api-keys', {}),
  update: (apiKey: string, patch: ApiKeyPatch) => api.patch<ApiKeyDto>(keyPath(apiKey), patch),
  remove: (apiKey: string) => api.delete<unknown>(keyPath(apiKey)),
  /** One page of the key's webhook delivery log (newest first); `cursor` as the previous page answered it. */
  deliveries: (apiKey: string, cursor: string | null) =>
    api.get<WebhookDeliveryList>(`${keyPath(apiKey)}/deliveries`, { query: { cursor: cursor ?? undefined } }),
};
