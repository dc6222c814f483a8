/** Orders as the server presents them, for component and logic tests. */
import { BOARD_LIST_ORDER_FIELDS, type BoardListOrderField, type BoardListRow, type BoardOrderList, type BoardTableRow } from '../../../../common/board';
import type { OperatorOrderDto, OrderDto, OrderSide } from '../../../../common/orders';

/** The order's part of a board table row (its list fields and both sides). */
type BoardTableOrder = Pick<BoardTableRow, BoardListOrderField | 'from' | 'to'>;

export const CREATED_AT = '2026-11-21T12:00:00.000Z';

export function orderFixture(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    uid: 'K7M2Q9XA4B',
    status: 'new',
    step: 'confirm',
    version: 1,
    from: { code: 'SBERRUB', name: 'Sberbank', nameRu: 'Сбербанк', type: 'fiat', currency: 'RUB', network: null, precision: 2, city: null },
    to: { code: 'BTC', name: 'Bitcoin', nameRu: null, type: 'coin', currency: 'BTC', network: 'BTC', precision: 8, city: null },
    rateType: 'fixed',
    rate: '0.00000014',
    amountSend: '356000.01',
    amountReceive: '0.05',
    rateLockedUntil: '2026-11-21T12:15:00.000Z',
    rateSource: null,
    expiresAt: '2026-11-21T12:15:00.000Z',
    email: 'client@example.com',
    senderAccount: '4111111111111111',
    receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    extra: { cardHolder: 'IVAN PETROV' },
    comment: 'Please hurry',
    manual: false,
    confirmedAt: null,
    cardCheck: 'required',
    cardRejectReason: null,
    receiptUploaded: false,
    receiptCheck: 'none',
    receiptRejectReason: null,
    paidAt: null,
    receivedAmount: null,
    receivedAt: null,
    exception: null,
    deleteReason: null,
    refundAddress: null,
    payment: null,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    history: [{ at: CREATED_AT, action: 'created', from: null, to: 'new', actor: 'customer', details: null }],
    ...overrides,
  };
}

export const PAYMENT = {
  account: '2202 2000 0000 0001',
  memo: null,
  amount: '356000.01',
  qr: '2202200000000001',
  note: 'IVANOV I.',
};

export function operatorOrderFixture(overrides: Partial<OperatorOrderDto> = {}): OperatorOrderDto {
  return {
    ...orderFixture(),
    history: [{ at: CREATED_AT, action: 'created', from: null, to: 'new', actor: 'customer', actorName: null, details: null }],
    id: 1,
    userId: null,
    lang: 'en',
    ref: null,
    cardPhoto: false,
    receipt: false,
    blacklistMatch: null,
    ...overrides,
  };
}

/**
 * A board list answer (common/board.ts BoardOrderList) as the server sends it: each row only the
 * list's fields (BOARD_LIST_ORDER_FIELDS) and the board's marks (the table's defaults where the
 * fixture has none), the sides in `assets` and the rows naming them by code.
 */
export function boardListFixture(orders: Array<BoardTableOrder & Partial<BoardTableRow>>, nextCursor: string | null = null): BoardOrderList {
  const assets: Record<string, OrderSide> = {};
  const rows = orders.map((order): BoardListRow => {
    assets[order.from.code] = order.from;
    assets[order.to.code] = order.to;
    const fields = Object.fromEntries(BOARD_LIST_ORDER_FIELDS.map((field) => [field, order[field]])) as Pick<BoardTableRow, BoardListOrderField>;
    return {
      ...fields,
      from: order.from.code,
      to: order.to.code,
      assignedTo: order.assignedTo ?? null,
      seen: order.seen ?? true,
      escalated: order.escalated ?? false,
      priority: order.priority ?? false,
    };
  });
  return { orders: rows, assets, nextCursor };
}
