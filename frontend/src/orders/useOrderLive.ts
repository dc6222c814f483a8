/**
 * The customer's order, live: `GET /api/orders/{uid}/{secret}` through react-query, then
 * `order:join` on the socket — again on every (re)connection, so a page that lost its connection
 * resyncs — and `order:status` / `order:recalc` replacing the order, the highest version winning.
 * `order:tick` carries the countdown.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { OrderDto, OrderRecalc, OrderStatusEvent, OrderTick } from '../../../common/events';
import { ApiError } from '../api/ApiError';
import { orderApi, orderQueryKey } from './api';
import { newerOrder } from './merge';
import { withOrderSocket } from './socketSource';

export interface OrderLive {
  order: OrderDto | null;
  /** The GET failed (404: no such order, or a wrong secret). */
  error: ApiError | null;
  loading: boolean;
  tick: OrderTick | null;
  /** Applies an order from an action's answer (kept only when newer). */
  apply: (order: OrderDto) => void;
  refetch: () => void;
}

export function useOrderLive(uid: string, secret: string): OrderLive {
  const query = useQuery({
    queryKey: orderQueryKey(uid, secret),
    queryFn: () => orderApi.get(uid, secret),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [live, setLive] = useState<OrderDto | null>(null);
  const [tick, setTick] = useState<OrderTick | null>(null);
  const apply = useCallback((order: OrderDto) => setLive((current) => newerOrder(current, order)), []);
  const found = query.data !== undefined;

  useEffect(() => {
    if (!found) return;
    return withOrderSocket((socket) => {
      const join = () =>
        socket.emit('order:join', { uid, secret }, (answer) => {
          if ('data' in answer) apply(answer.data);
        });
      const onChange = (event: OrderStatusEvent | OrderRecalc) => {
        if (event.uid === uid) apply(event.order);
      };
      const onTick = (event: OrderTick) => {
        if (event.uid === uid) setTick(event);
      };
      socket.on('connect', join);
      socket.on('order:status', onChange);
      socket.on('order:recalc', onChange);
      socket.on('order:tick', onTick);
      if (socket.connected) join();
      return () => {
        socket.off('connect', join);
        socket.off('order:status', onChange);
        socket.off('order:recalc', onChange);
        socket.off('order:tick', onTick);
        if (socket.connected) socket.emit('order:leave', { uid });
      };
    });
  }, [uid, secret, found, apply]);

  const order = newerOrder(query.data ?? null, live);
  return {
    order,
    error: query.error instanceof ApiError ? query.error : null,
    loading: query.isPending,
    tick,
    apply,
    refetch: () => void query.refetch(),
  };
}
