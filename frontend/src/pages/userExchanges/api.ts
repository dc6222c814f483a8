/** The history's calls (common/userExchanges.ts). */
import type { HistoryFilter, UserExchangeLink, UserExchangeList } from '../../../../common/userExchanges';
import { api } from '../../api/client';

export const userExchangesApi = {
  list(status: HistoryFilter, cursor: string | null, signal?: AbortSignal): Promise<UserExchangeList> {
    const query: Record<string, string> = { status };
    if (cursor) query.cursor = cursor;
    return api.get<UserExchangeList>('/user/exchanges', { query, signal });
  },
  /** The order page's address; answered to the order's owner only. */
  link(uid: string): Promise<UserExchangeLink> {
    return api.get<UserExchangeLink>(`/user/exchanges/${encodeURIComponent(uid)}/link`);
  },
};
