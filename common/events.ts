/**
 * Socket.IO events, typed once and used on both sides (ARCHITECTURE §3). Names are fixed.
 * Acks are shaped `{ data } | { error }`.
 */
import type { ApiErrorBody } from './api';
import type { AmountViolation, DirectionRateDto } from './catalogue';
import type { OrderStatus } from './enums';
import type { OperatorOrderDto, OrderDto } from './orders';
import type { BoardOrderEvent } from './board';
import type { UserExchangeDto } from './userExchanges';
import type { KycChangedEvent } from './kyc';
import type { RatesWatch } from './ratesScope';
import type { RequisiteChangedEvent } from './requisites';
import type { OperatorWithdrawalEvent, PartnerChangedEvent } from './referral';

export type Ack<T> = (answer: { data: T } | { error: ApiErrorBody }) => void;

export type { OrderDto, OperatorOrderDto } from './orders';

export interface OrderTick {
  uid: string;
  secondsLeft: number;
  expiresAt: string;
}

/** Every change of an order (status or not): the whole new DTO rides along. */
export interface OrderStatusEvent {
  uid: string;
  status: OrderStatus;
  order: OrderDto;
}

/** Amounts recalculated (late, under/over-paid or floating order when funds arrive). */
export interface OrderRecalc {
  uid: string;
  rate: string;
  amountSend: string;
  amountReceive: string;
  order: OrderDto;
}

/** `operators:order` to the `operators` room: the operator's view of the changed order. */
export interface OperatorOrderEvent {
  uid: string;
  status: OrderStatus;
  order: OperatorOrderDto;
  /** At creation: whether the owner is a verified user (the board's priority mark, common/board.ts). */
  priority?: boolean;
}

/** One direction's current rate as pushed to clients: the catalogue's DirectionRateDto. */
export type DirectionRate = DirectionRateDto;

/** A direction named by its two asset codes. */
export interface DirectionKey {
  from: string;
  to: string;
}

/** Reserve of one asset (decimal string). */
export interface ReserveEntry {
  code: string;
  amount: string;
}

/**
 * `rates:update`: the directions whose rate, limits, reserve or staleness changed since the
 * previous update, and those no longer offered at all. `version` is the snapshot's (the one
 * `GET /api/rates` answers): a client that sees a gap in it fetches the snapshot again.
 */
export interface RatesUpdate {
  version: number;
  rates: DirectionRateDto[];
  removed: DirectionKey[];
  at: string;
}

/**
 * `reserves:update`: the reserves that changed, and codes whose reserve is no longer published.
 * To the `reserves` room (the reserves page) and the `rates` room. `previous` is the version of
 * the reserves update before this one: a client that holds an older version missed one.
 */
export interface ReservesUpdate {
  version: number;
  reserves: ReserveEntry[];
  removed: string[];
  at: string;
  previous?: number;
}

/**
 * `rates:pair` to one direction's room (`rooms.pair(from, to)`): what changed in its rate, and
 * nothing else — the frame a page watching that pair receives. `v` is the snapshot version of the
 * change, `p` the version of the direction's previous change: a client holding the direction at
 * a version below `p` missed a change and watches again (the ack resyncs it). `d` holds only
 * the fields of DirectionRateDto that differ from the previous frame (null: no longer offered).
 */
export interface PairRateFrame {
  /** `from>to`. */
  k: string;
  v: number;
  p: number;
  d: Partial<DirectionRateDto> | null;
}

/**
 * `GET /api/rates`: the snapshot the updates apply to. `version` is 0 and `updatedAt` null
 * before the worker has published any rates.
 */
export interface RatesDto {
  version: number;
  rates: DirectionRateDto[];
  reserves: ReserveEntry[];
  updatedAt: string | null;
}

/** The other side of an amount, and why the pair cannot be exchanged (null when it can). */
export interface AmountQuoteDto {
  amountSend: string;
  amountReceive: string;
  violation: { code: AmountViolation; message: string } | null;
}

/** `GET /api/rates/:from/:to[?amountSend=|?amountReceive=]`. */
export interface DirectionQuoteDto {
  version: number;
  rate: DirectionRateDto;
  /** Present when an amount was given. */
  quote: AmountQuoteDto | null;
}

export interface ServerToClientEvents {
  'order:tick': (payload: OrderTick) => void;
  'order:status': (payload: OrderStatusEvent) => void;
  'order:recalc': (payload: OrderRecalc) => void;
  'rates:update': (payload: RatesUpdate) => void;
  'reserves:update': (payload: ReservesUpdate) => void;
  'rates:pair': (payload: PairRateFrame) => void;
  'operators:order': (payload: OperatorOrderEvent) => void;
  /** To every socket when technical maintenance is switched on or off (backend/system/maintenance.ts). */
  'maintenance:changed': (payload: { enabled: boolean }) => void;
  /** Board changes (claim, release, notes…): common/board.ts. */
  'operators:board': (payload: BoardOrderEvent) => void;
  /** To `user:<id>`: a change of one of that user's orders, as their history shows it (common/userExchanges.ts). */
  'user:exchange': (payload: UserExchangeDto) => void;
  /** A KYC submission changed (backend/kyc/live.ts): to the user's room `user:<id>` and to `operators`. */
  'kyc:changed': (payload: KycChangedEvent) => void;
  /** To `user:<id>`: one of the user's saved requisites changed (common/requisites.ts). */
  'requisites:changed': (payload: RequisiteChangedEvent) => void;
  /** To `operators`: the saved cards' review queue changed (a photo arrived, a decision was taken). */
  'requisites:queue': (payload: { id: number }) => void;
  /** To `user:<id>`: the partner's rewards, referrals or withdrawals changed (common/referral.ts). */
  'partner:changed': (payload: PartnerChangedEvent) => void;
  /** To `operators`: a withdrawal request arrived or changed status (backend/ledger/withdrawals). */
  'operators:withdrawals': (payload: OperatorWithdrawalEvent) => void;
  /** Sent right after a connection is accepted; lets clients verify the round trip. */
  'server:hello': (payload: { serverId: string; at: string }) => void;
}

export interface ClientToServerEvents {
  'order:join': (payload: { uid: string; secret: string }, ack: Ack<OrderDto>) => void;
  'order:leave': (payload: { uid: string }) => void;
  /** Joins the `rates` room: every `rates:update` and `reserves:update` (monitoring, tests). */
  'rates:subscribe': (ack?: Ack<{ ok: true }>) => void;
  /**
   * What this socket's page shows (common/ratesScope.ts): its pairs' rooms and the `reserves` room,
   * replacing what it watched before. The ack carries the current rates of those pairs (and the
   * reserves when asked) — the snapshot the following frames apply to.
   */
  'rates:watch': (payload: RatesWatch, ack: Ack<RatesDto>) => void;
}

/** Room names. Never put an order secret in a room name. */
export const rooms = {
  order: (uid: string) => `order:${uid}`,
  rates: 'rates',
  /** One direction's live rate (`rates:pair`). */
  pair: (from: string, to: string) => `rate:${from}>${to}`,
  reserves: 'reserves',
  operators: 'operators',
  user: (id: number | string) => `user:${id}`,
} as const;
