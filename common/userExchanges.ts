/**
 * The signed-in user's exchange history (issue 13, spec §2–§4): `/user/exchanges`.
 *
 * List:  GET /api/user/exchanges?status=<HistoryFilter>&cursor=<id>  → UserExchangeList
 * Link:  GET /api/user/exchanges/{uid}/link                          → UserExchangeLink (owner only)
 * Live:  `user:exchange` to the room `user:<id>` of the order's owner → UserExchangeDto
 *
 * A row never carries the order's secret: the order page's link is asked for one order at a
 * time, answered only to its owner's session and never cached.
 */
import { HISTORY_FILTERS, ORDER_STATUSES, type HistoryFilter, type OrderStatus } from './enums';
import { PROCESSING_STATUSES } from './orderRules';
import type { OrderSide } from './orders';
import type { RateType } from './enums';

export { HISTORY_FILTERS, type HistoryFilter };

/**
 * Which order statuses each filter of the history lists — the one place this mapping lives.
 * Every status falls under exactly one filter besides `all` (common/userExchanges.test.ts).
 */
export const HISTORY_FILTER_STATUSES: Readonly<Record<HistoryFilter, readonly OrderStatus[]>> = {
  // Every order the user has, whatever its state.
  all: ORDER_STATUSES,
  // Created and waiting for the user's payment ("waiting / in processing" before funds arrive).
  new: ['new'],
  // Funds arrived and the exchanger works on it: received (progress), frozen for checks (hold) or
  // with a payment issue being settled (warning, error) — the order is neither over nor waiting
  // for a first payment; the same set the order page calls processing (common/orderRules.ts).
  inProgress: PROCESSING_STATUSES,
  // Paid out to the user.
  done: ['done'],
  // The funds went back to the user.
  returned: ['returned'],
  // Expired, cancelled by the user or closed by an operator.
  deleted: ['deleted'],
};

/** Whether a history filter lists an order of this status. */
export function inHistoryFilter(filter: HistoryFilter, status: OrderStatus): boolean {
  return HISTORY_FILTER_STATUSES[filter].includes(status);
}

/** The filter (other than `all`) a status falls under. */
export function historyFilterOf(status: OrderStatus): Exclude<HistoryFilter, 'all'> {
  for (const filter of HISTORY_FILTERS) {
    if (filter !== 'all' && inHistoryFilter(filter, status)) return filter;
  }
  throw new Error(`no history filter lists the status ${status}`);
}

/** Rows per page (cursor = the id of the last row seen, newest first). */
export const USER_EXCHANGES_PAGE_SIZE = 20;

/** One row of the history: the spec's columns (id, exchange, received, your income, date, status). */
export interface UserExchangeDto {
  /** The order's public id (what the user reads and quotes to support). */
  uid: string;
  /** Increments on every change: the page keeps the row with the highest version. */
  version: number;
  status: OrderStatus;
  /** Whether a `deleted` order expired (its label says so). */
  deleteReason: 'expired' | 'cancelled' | 'closed' | null;
  /** Each side: its code (the repeat link), its names, the currency its amounts are shown in, its places. */
  from: Pick<OrderSide, 'code' | 'name' | 'nameRu' | 'currency' | 'precision'>;
  to: Pick<OrderSide, 'code' | 'name' | 'nameRu' | 'currency' | 'precision'>;
  rateType: RateType;
  /** What the user was to send, in `from`. */
  amountSend: string;
  /** "Your income": what the user gets, in `to`. */
  amountReceive: string;
  /** "Received": the funds the exchanger recorded as received from the user, in `from`; null before. */
  receivedAmount: string | null;
  createdAt: string;
}

export interface UserExchangeList {
  rows: UserExchangeDto[];
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** The order page's address of one of the user's orders (`/order/{uid}/{secret}`). */
export interface UserExchangeLink {
  url: string;
}

/** The query of `GET /api/user/exchanges`. */
export interface UserExchangesQuery {
  status?: HistoryFilter;
  cursor?: string;
}

/** The home widget's address repeating an exchange: same pair, same amount to send. */
export function repeatExchangePath(row: Pick<UserExchangeDto, 'from' | 'to' | 'amountSend'>): string {
  const params = new URLSearchParams({ from: row.from.code, to: row.to.code, amount: row.amountSend });
  return `/?${params.toString()}`;
}
