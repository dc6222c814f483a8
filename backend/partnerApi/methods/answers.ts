/**
 * The JSON Schema (3.1 subset) of what the partner API's methods answer in `data`: builders and
 * the shapes several methods share (an order, an asset side, a page). Each method declares its own
 * `answer` (schema + example) beside its handler; openapi.ts puts them in the document and
 * openapi.int.test.ts validates real answers and the examples against them, both ways (every field
 * answered is documented: `additionalProperties: false` on every object; every required one is there).
 */
import { ASSET_TYPES, ORDER_STATUSES, RATE_TYPES } from '../../../common/enums';
import { CARD_CHECKS, DELETE_REASONS, ORDER_EXCEPTIONS, ORDER_STEPS, RECEIPT_CHECKS } from '../../../common/orders';
import { EXTRA_FIELD_NAMES } from '../../../common/catalogue';
import { WITHDRAWAL_STATUSES } from '../../../common/referral';

export type JsonSchema = { [key: string]: unknown };

/** A decimal amount: always a string (never a JSON number), as big.js prints it. */
export const decimal: JsonSchema = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };

export function oneOf(values: readonly string[]): JsonSchema {
  return { type: 'string', enum: [...values] };
}

/** `schema` or null (3.1: `type: [x, 'null']`). */
export function nullable(schema: JsonSchema): JsonSchema {
  const { enum: values, ...rest } = schema;
  const types = Array.isArray(rest.type) ? rest.type : [rest.type];
  return { ...rest, type: [...types, 'null'], ...(Array.isArray(values) ? { enum: [...values, null] } : {}) };
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** A closed object: every property required except `optional`, nothing else allowed. */
export function objectOf(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((name) => !optional.includes(name)), additionalProperties: false };
}

/** A map of names to strings (`Record<string, string>`). */
export const stringMap: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };

/** A cursor page: `items` and `nextCursor` (null at the end). */
export function pageOf(item: JsonSchema): JsonSchema {
  return objectOf({ items: arrayOf(item), nextCursor: nullable(str) });
}

/** common/catalogue.ts AssetDto. */
export const assetSchema = objectOf({
  code: str,
  name: str,
  nameRu: nullable(str),
  type: oneOf(ASSET_TYPES),
  currency: str,
  network: nullable(str),
  precision: int,
  icon: str,
  reserve: decimal,
  enabled: bool,
  city: nullable(str),
});

/** common/orders.ts OrderSide. */
const orderSide = objectOf({ code: str, name: str, nameRu: nullable(str), type: oneOf(ASSET_TYPES), currency: str, network: nullable(str), precision: int, city: nullable(str) });

/** common/orders.ts OrderDto: the order as its page shows it. */
export const orderSchema = objectOf({
  uid: str,
  status: oneOf(ORDER_STATUSES),
  step: oneOf(ORDER_STEPS),
  version: int,
  from: orderSide,
  to: orderSide,
  rateType: oneOf(RATE_TYPES),
  rate: decimal,
  amountSend: decimal,
  amountReceive: decimal,
  rateLockedUntil: nullable(dateTime),
  rateSource: nullable(str),
  expiresAt: nullable(dateTime),
  email: str,
  senderAccount: nullable(str),
  receiverAccount: nullable(str),
  extra: objectOf(Object.fromEntries(EXTRA_FIELD_NAMES.map((name) => [name, str])), EXTRA_FIELD_NAMES),
  comment: nullable(str),
  manual: bool,
  confirmedAt: nullable(dateTime),
  cardCheck: oneOf(CARD_CHECKS),
  cardRejectReason: nullable(str),
  receiptUploaded: bool,
  receiptCheck: oneOf(RECEIPT_CHECKS),
  receiptRejectReason: nullable(str),
  paidAt: nullable(dateTime),
  receivedAmount: nullable(decimal),
  receivedAt: nullable(dateTime),
  exception: nullable(oneOf(ORDER_EXCEPTIONS)),
  deleteReason: nullable(oneOf(DELETE_REASONS)),
  refundAddress: nullable(str),
  payment: nullable(objectOf({ account: str, memo: nullable(str), amount: decimal, qr: str, note: nullable(str) })),
  createdAt: dateTime,
  updatedAt: dateTime,
  history: arrayOf(
    objectOf({
      at: dateTime,
      action: str,
      from: nullable(oneOf(ORDER_STATUSES)),
      to: oneOf(ORDER_STATUSES),
      actor: oneOf(['customer', 'operator', 'system']),
      details: nullable(stringMap),
    }),
  ),
});

/** common/partnerApi.ts PartnerOrderDto: `order_create`, `order_get`, `order_cancel`. */
export const partnerOrderSchema = objectOf({ uid: str, url: str, externalId: nullable(str), callbackUrl: nullable(str), order: orderSchema });

const side = { code: 'BTC', name: 'Bitcoin', nameRu: null, type: 'coin', currency: 'BTC', network: null, precision: 8, city: null };

/** An order just made from a direction (the example answer of the order methods). */
export const partnerOrderExample = {
  uid: 'K7Q2M9XA',
  url: '/order/K7Q2M9XA/3b1f0c9e6d2a4f5b',
  externalId: 'partner-order-1',
  callbackUrl: 'https://partner.example/hooks/orders',
  order: {
    uid: 'K7Q2M9XA',
    status: 'new',
    step: 'confirm',
    version: 1,
    from: side,
    to: { code: 'SBERRUB', name: 'Sberbank', nameRu: 'Сбербанк', type: 'fiat', currency: 'RUB', network: null, precision: 2, city: null },
    rateType: 'fixed',
    rate: '6012345.5',
    amountSend: '0.01',
    amountReceive: '60123.45',
    rateLockedUntil: '2026-01-15T10:30:00.000Z',
    rateSource: null,
    expiresAt: '2026-01-15T10:30:00.000Z',
    email: 'client@example.com',
    senderAccount: null,
    receiverAccount: '2202200000000008',
    extra: {},
    comment: null,
    manual: false,
    confirmedAt: null,
    cardCheck: 'not_required',
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
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    history: [{ at: '2026-01-15T10:00:00.000Z', action: 'created', from: null, to: 'new', actor: 'customer', details: null }],
  },
};

/** common/referral.ts WithdrawalDto: `withdraw_create`, `withdrawals_list`. */
export const withdrawalSchema = objectOf({
  id: int,
  currency: str,
  amount: decimal,
  payout: decimal,
  account: str,
  status: oneOf(WITHDRAWAL_STATUSES),
  reason: nullable(str),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const withdrawalExample = { id: 311, currency: 'USDTTRC20', amount: '25', payout: '25', account: 'TQn9…x7Lp', status: 'new', reason: null, createdAt: '2026-01-15T10:00:00.000Z', updatedAt: '2026-01-15T10:00:00.000Z' };
