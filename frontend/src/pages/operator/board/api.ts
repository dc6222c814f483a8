import {
  BOARD_FILTERS,
  type BoardFilters,
  type BoardNoteDto,
  type BoardNoteList,
  type BoardOrderDrawer,
  type BoardOrderList,
  type BoardOrderRow,
} from '../../../../../common/board';
import { api, apiUrl } from '../../../api/client';

const order = (uid: string) => `/operator/orders/${encodeURIComponent(uid)}`;

/** The filters as a query string (`a=1&b=2`), only the ones set. */
export function filterQuery(filters: BoardFilters): string {
  const params = new URLSearchParams();
  for (const name of BOARD_FILTERS) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params.toString();
}

export const boardApi = {
  list: (filters: BoardFilters, cursor: string | null) =>
    api.get<BoardOrderList>('/operator/orders', { query: { ...filters, cursor: cursor ?? undefined } }),
  drawer: (uid: string) => api.get<BoardOrderDrawer>(order(uid)),
  claim: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/claim`, {}),
  release: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/release`, {}),
  seen: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/seen`, {}),
  notes: (uid: string) => api.get<BoardNoteList>(`${order(uid)}/notes`),
  addNote: (uid: string, text: string) => api.post<BoardNoteDto>(`${order(uid)}/notes`, { text }),
  escalate: (uid: string, reason: string) => api.post<BoardOrderRow>(`${order(uid)}/escalate`, { reason }),
  csvUrl: (filters: BoardFilters) => {
    const query = filterQuery(filters);
    return apiUrl(`/operator/orders.csv${query ? `?${query}` : ''}`);
  },
};
