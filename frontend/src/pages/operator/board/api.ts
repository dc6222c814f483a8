import {
  BOARD_FILTERS,
  boardRowsOf,
  type BoardFilters,
  type BoardNoteDto,
  type BoardNoteList,
  type BoardOrderDrawer,
  type BoardOrderList,
  type BoardOrderRow,
  type BoardTableRow,
} from '../../../../../common/board';
import type { AdminUserList, AdminUserSummaryDto } from '../../../../../common/usersAdmin';
import { api, apiUrl } from '../../../api/client';

/** At most this many pages of staff (25 each) in the reassign list. */
const STAFF_PAGES = 20;

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
  /** A page of the table's rows, each with its sides again (the answer sends every side once, in `assets`). */
  list: async (filters: BoardFilters, cursor: string | null): Promise<{ orders: BoardTableRow[]; nextCursor: string | null }> => {
    const page = await api.get<BoardOrderList>('/operator/orders', { query: { ...filters, cursor: cursor ?? undefined } });
    return { orders: boardRowsOf(page), nextCursor: page.nextCursor };
  },
  drawer: (uid: string) => api.get<BoardOrderDrawer>(order(uid)),
  claim: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/claim`, {}),
  release: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/release`, {}),
  seen: (uid: string) => api.post<BoardOrderRow>(`${order(uid)}/seen`, {}),
  notes: (uid: string) => api.get<BoardNoteList>(`${order(uid)}/notes`),
  addNote: (uid: string, text: string) => api.post<BoardNoteDto>(`${order(uid)}/notes`, { text }),
  escalate: (uid: string, reason: string) => api.post<BoardOrderRow>(`${order(uid)}/escalate`, { reason }),
  reassign: (uid: string, userId: number) => api.post<BoardOrderRow>(`${order(uid)}/reassign`, { userId }),
  /** The active operators and admins (admins' reassign control): every page of the users search. */
  staff: async (): Promise<AdminUserSummaryDto[]> => {
    const users: AdminUserSummaryDto[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < STAFF_PAGES; page += 1) {
      const list = await api.get<AdminUserList>('/admin/users', { query: { role: 'operator,admin', status: 'active', cursor } });
      users.push(...list.users);
      if (!list.nextCursor) break;
      cursor = list.nextCursor;
    }
    return users;
  },
  /** The CSV of the filters, in `lang` (a download sends no `lang` header; the server reads `?lang=`). */
  csvUrl: (filters: BoardFilters, lang: string) => {
    const query = filterQuery(filters);
    return apiUrl(`/operator/orders.csv?${query ? `${query}&` : ''}lang=${encodeURIComponent(lang)}`);
  },
};
