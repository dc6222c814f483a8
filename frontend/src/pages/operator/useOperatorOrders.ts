/**
 * The operator's live list: pages of `GET /api/operator/orders` (newest first, "load more" by
 * cursor) kept current by `operators:order` — changed orders are replaced in place, new ones go on
 * top. Every reconnection reloads the first page, so nothing missed while offline stays stale.
 * The rows are the table's (common/board.ts BoardTableRow): the list sends only what the table
 * shows; whole orders (events, actions' answers, board commands) carry all of it and are merged as
 * they are.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BOARD_EVENT, type BoardFilters, type BoardOrderEvent, type BoardOrderRow, type BoardTableRow } from '../../../../common/board';
import type { OperatorOrderEvent } from '../../../../common/events';
import type { OrderStatus } from '../../../../common/enums';
import type { OperatorOrderDto } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { boardApi } from './board/api';
import { appendOperatorPage, mergeOperatorOrder } from '../../orders/merge';
import { withOrderSocket } from '../../orders/socketSource';

export interface OperatorOrders {
  orders: BoardTableRow[];
  status: OrderStatus | '';
  setStatus: (status: OrderStatus | '') => void;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** Applies an order an action answered (kept only when newer; the board's fields kept unless given). */
  apply: (order: OperatorOrderDto | BoardOrderRow) => void;
  /** Applies a board answer (claim, release, seen…) whatever its version. */
  applyBoard: (order: BoardOrderRow) => void;
}

const NO_BOARD = { assignedTo: null, seen: true, escalated: false, priority: false };

/** `filters` (from the URL) drive the list; without them, the status filter of the page's own state. */
export function useOperatorOrders(filters?: BoardFilters, setFilterStatus?: (status: OrderStatus | '') => void): OperatorOrders {
  const [ownStatus, setOwnStatus] = useState<OrderStatus | ''>('');
  const status = filters ? (filters.status ?? '') : ownStatus;
  const setStatus = setFilterStatus ?? setOwnStatus;
  const filterKey = JSON.stringify(filters ?? { status: ownStatus || undefined });
  const filtersRef = useRef(filterKey);
  filtersRef.current = filterKey;
  const [orders, setOrders] = useState<BoardTableRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const request = useRef(0);

  const load = useCallback(async (from: string | null) => {
    const id = ++request.current;
    setLoading(true);
    setError(null);
    try {
      const page = await boardApi.list(JSON.parse(filtersRef.current) as BoardFilters, from);
      if (id !== request.current) return;
      const rows: BoardTableRow[] = page.orders.map((row) => ({ ...NO_BOARD, ...row }));
      setOrders((current) => (from ? appendOperatorPage(current, rows) : rows));
      setCursor(page.nextCursor);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (id === request.current) setError(caught.message);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  const apply = useCallback((order: OperatorOrderDto | BoardOrderRow) => {
    setOrders((current) => {
      const known = current.find((row) => row.uid === order.uid);
      const incoming: BoardTableRow = { ...NO_BOARD, ...known, ...order };
      return mergeOperatorOrder(current, incoming, statusRef.current);
    });
  }, []);

  const applyBoard = useCallback((order: BoardOrderRow) => {
    setOrders((current) => current.map((row) => (row.uid === order.uid ? { ...row, ...order, version: Math.max(row.version, order.version) } : row)));
  }, []);

  useEffect(() => {
    void load(null);
  }, [filterKey, load]);

  useEffect(() => {
    return withOrderSocket((socket) => {
      // A new order brings its priority mark (the owner is verified); a later change keeps the row's.
      const onOrder = (event: OperatorOrderEvent) => apply(event.priority === undefined ? event.order : { ...event.order, priority: event.priority });
      // The first connection follows the first load; every later one may have missed changes.
      let connectedBefore = false;
      const onConnect = () => {
        if (connectedBefore) void load(null);
        connectedBefore = true;
      };
      const onBoard = (event: BoardOrderEvent) =>
        setOrders((current) =>
          current.map((row) =>
            row.uid === event.uid
              ? {
                  ...row,
                  assignedTo: event.assignedTo,
                  escalated: event.escalated,
                }
              : row,
          ),
        );
      socket.on('operators:order', onOrder);
      socket.on(BOARD_EVENT, onBoard);
      socket.on('connect', onConnect);
      // A connection opened before the sign-in carries no session: a fresh handshake joins `operators`.
      if (socket.connected) socket.disconnect().connect();
      return () => {
        socket.off('operators:order', onOrder);
        socket.off(BOARD_EVENT, onBoard);
        socket.off('connect', onConnect);
      };
    });
  }, [apply, load]);

  return {
    orders,
    status,
    setStatus,
    loading,
    error,
    hasMore: cursor !== null,
    loadMore: () => void load(cursor),
    apply,
    applyBoard,
  };
}
