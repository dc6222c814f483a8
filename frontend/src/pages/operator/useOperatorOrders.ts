/**
 * The operator's live list: pages of `GET /api/operator/orders` (newest first, "load more" by
 * cursor) kept current by `operators:order` — changed orders are replaced in place, new ones go on
 * top. Every reconnection reloads the first page, so nothing missed while offline stays stale.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorOrderEvent } from '../../../../common/events';
import type { OrderStatus } from '../../../../common/enums';
import type { OperatorOrderDto } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { operatorApi } from '../../orders/api';
import { appendOperatorPage, mergeOperatorOrder } from '../../orders/merge';
import { orderSocket } from '../../orders/socketSource';

export interface OperatorOrders {
  orders: OperatorOrderDto[];
  status: OrderStatus | '';
  setStatus: (status: OrderStatus | '') => void;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** Applies an order an action answered (kept only when newer). */
  apply: (order: OperatorOrderDto) => void;
}

export function useOperatorOrders(): OperatorOrders {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [orders, setOrders] = useState<OperatorOrderDto[]>([]);
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
      const page = await operatorApi.list(statusRef.current, from);
      if (id !== request.current) return;
      setOrders((current) => (from ? appendOperatorPage(current, page.orders) : page.orders));
      setCursor(page.nextCursor);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (id === request.current) setError(caught.message);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  const apply = useCallback((order: OperatorOrderDto) => {
    setOrders((current) => mergeOperatorOrder(current, order, statusRef.current));
  }, []);

  useEffect(() => {
    void load(null);
  }, [status, load]);

  useEffect(() => {
    const socket = orderSocket();
    const onOrder = (event: OperatorOrderEvent) => apply(event.order);
    // The first connection follows the first load; every later one may have missed changes.
    let connectedBefore = false;
    const onConnect = () => {
      if (connectedBefore) void load(null);
      connectedBefore = true;
    };
    socket.on('operators:order', onOrder);
    socket.on('connect', onConnect);
    // A connection opened before the sign-in carries no session: a fresh handshake joins `operators`.
    if (socket.connected) socket.disconnect().connect();
    return () => {
      socket.off('operators:order', onOrder);
      socket.off('connect', onConnect);
    };
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
  };
}
