/**
 * The user's history, live: pages of `GET /api/user/exchanges` for the chosen filter (react-query's
 * infinite query, "show more" by cursor), and `user:exchange` from the user's room applied to the
 * cached rows — a row is replaced only by a higher version; an order not shown yet that the filter
 * lists is put first. Every (re)connection after the page opened refetches, so a change made
 * before the socket was in the room (or while it was offline) is not missed.
 */
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inHistoryFilter, type HistoryFilter, type UserExchangeDto, type UserExchangeList } from '../../../../common/userExchanges';
import { getUserSocket, type AppSocket } from '../../realtime/socket';
import { userExchangesApi } from './api';

let socketSource: (userId: number) => AppSocket = getUserSocket;

/** Tests point the page at their own Socket.IO server; `null` restores the app's connection. */
export function setUserExchangesSocketSource(next: ((userId: number) => AppSocket) | null): void {
  socketSource = next ?? getUserSocket;
}

export const USER_EXCHANGES_KEY = ['user', 'exchanges'] as const;

type Pages = InfiniteData<UserExchangeList, string | null>;

/** The cached pages with `row` applied (unchanged when it is not newer than the row shown). */
export function applyExchange(data: Pages | undefined, filter: HistoryFilter, row: UserExchangeDto): Pages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    rows: page.rows.map((shown) => {
      if (shown.uid !== row.uid) return shown;
      found = true;
      return row.version > shown.version ? row : shown;
    }),
  }));
  if (!found) {
    if (!inHistoryFilter(filter, row.status) || pages.length === 0) return data;
    pages[0] = { ...pages[0]!, rows: [row, ...pages[0]!.rows] };
  }
  return { ...data, pages };
}

export function useUserExchanges(filter: HistoryFilter, userId: number | null) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: [...USER_EXCHANGES_KEY, filter],
    queryFn: ({ pageParam, signal }) => userExchangesApi.list(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (userId === null) return;
    const socket = socketSource(userId);
    const onExchange = (row: UserExchangeDto) => {
      for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: USER_EXCHANGES_KEY })) {
        const shownFilter = key[2] as HistoryFilter;
        queryClient.setQueryData<Pages>(key, applyExchange(data, shownFilter, row));
      }
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: USER_EXCHANGES_KEY });
    socket.on('user:exchange', onExchange);
    socket.on('connect', onConnect);
    return () => {
      socket.off('user:exchange', onExchange);
      socket.off('connect', onConnect);
    };
  }, [userId, queryClient]);

  return list;
}
