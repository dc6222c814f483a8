/**
 * Socket.IO events, typed once and used on both sides (ARCHITECTURE §3). Names are fixed.
 * Acks are shaped `{ data } | { error }`.
 */
import type { ApiErrorBody } from './api';
import type { OrderStatus } from './enums';

export type Ack<T> = (answer: { data: T } | { error: ApiErrorBody }) => void;

/** Order as the order page sees it; filled in by the orders issue. */
export interface OrderDto {
  uid: string;
  status: OrderStatus;
  [key: string]: unknown;
}

export interface OrderTick {
  uid: string;
  secondsLeft: number;
  expiresAt: string;
}

export interface OrderStatusEvent {
  uid: string;
  status: OrderStatus;
  [key: string]: unknown;
}

export interface OrderRecalc {
  uid: string;
  rate: string;
  amountReceive: string;
  [key: string]: unknown;
}

/** One direction's current rate as pushed to clients: decimal strings only. */
export interface DirectionRate {
  from: string;
  to: string;
  in: string;
  out: string;
  [key: string]: unknown;
}

export interface ReserveEntry {
  code: string;
  amount: string;
}

export interface ServerToClientEvents {
  'order:tick': (payload: OrderTick) => void;
  'order:status': (payload: OrderStatusEvent) => void;
  'order:recalc': (payload: OrderRecalc) => void;
  'rates:update': (payload: { rates: DirectionRate[]; at: string }) => void;
  'reserves:update': (payload: { reserves: ReserveEntry[]; at: string }) => void;
  'operators:order': (payload: OrderStatusEvent) => void;
  /** Sent right after a connection is accepted; lets clients verify the round trip. */
  'server:hello': (payload: { serverId: string; at: string }) => void;
}

export interface ClientToServerEvents {
  'order:join': (payload: { uid: string; secret: string }, ack: Ack<OrderDto>) => void;
  'order:leave': (payload: { uid: string }) => void;
  'rates:subscribe': (ack?: Ack<{ ok: true }>) => void;
}

/** Room names. Never put an order secret in a room name. */
export const rooms = {
  order: (uid: string) => `order:${uid}`,
  rates: 'rates',
  operators: 'operators',
  user: (id: number | string) => `user:${id}`,
} as const;
