/**
 * Orders (issue 5): what the order page, the operator page and the server agree on. Amounts and
 * rates are decimal strings; times are ISO 8601 strings. The status table is common/orderRules.ts.
 */
import type { BlacklistMatch } from './blacklist';
import type { AssetType, OrderStatus, RateType } from './enums';
import type { ExtraFieldName } from './catalogue';

/** `POST /api/orders` — exactly one of `amountSend` / `amountReceive`. */
export interface CreateOrderRequest {
  from: string;
  to: string;
  amountSend?: string;
  amountReceive?: string;
  rateType: RateType;
  email: string;
  senderAccount?: string;
  receiverAccount?: string;
  /** The direction's extra fields by name. */
  extra?: Partial<Record<ExtraFieldName, string>>;
  comment?: string;
  agreeTerms: boolean;
  /** Referral code the browser holds, if any. */
  ref?: string;
}

/** Answer of `POST /api/orders`. */
export interface CreateOrderResponse {
  uid: string;
  /** ≥ 128 random bits, base64url; only the customer and their email ever see it. */
  secret: string;
  /** `/order/{uid}/{secret}` */
  url: string;
  order: OrderDto;
}

/** Card verification of an order whose sending side is a bank card. */
export const CARD_CHECKS = ['not_required', 'required', 'pending', 'approved', 'rejected'] as const;
export type CardCheck = (typeof CARD_CHECKS)[number];

/**
 * The payment receipt's review: none uploaded, waiting for an operator, approved (the funds may be
 * recorded as received), or rejected (the file is dropped and the customer asked for a new one).
 */
export const RECEIPT_CHECKS = ['none', 'pending', 'approved', 'rejected'] as const;
export type ReceiptCheck = (typeof RECEIPT_CHECKS)[number];

/** The longest reason an operator may give for a rejected file (shown to the customer). */
export const MAX_REVIEW_REASON = 500;

/** Why an order with funds in it needs an operator's decision. */
export const ORDER_EXCEPTIONS = ['underpaid', 'overpaid', 'late'] as const;
export type OrderException = (typeof ORDER_EXCEPTIONS)[number];

/** Why an order ended up `deleted`. */
export const DELETE_REASONS = ['expired', 'cancelled', 'closed'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

/** Who made a change recorded in an order's history. */
export type OrderActor = 'customer' | 'operator' | 'system';

/**
 * One entry of an order's history as its customer sees it: every change, the role that made it
 * (never a staff member's identity), and what it was.
 */
export interface OrderHistoryEntry {
  at: string;
  /** The action or event (`created`, `confirm`, `card-photo`, `received`, `expired`…). */
  action: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  /** Short facts of the change (an amount, minutes, a reason), already in decimal strings. */
  details: Record<string, string> | null;
}

/** The same entry for staff: who exactly acted. */
export interface OperatorHistoryEntry extends OrderHistoryEntry {
  /** Operator's email for operator actions, null otherwise. */
  actorName: string | null;
}

export interface OrderSide {
  code: string;
  name: string;
  /** The Russian name where the asset has one (`AssetDto.nameRu`). */
  nameRu: string | null;
  type: AssetType;
  currency: string;
  network: string | null;
  precision: number;
  city: string | null;
}

/** Where and how the customer pays: shown from the pay step on, with copy buttons and a QR code. */
export interface PaymentDetails {
  /** Wallet address, card number or office address. */
  account: string;
  /** Memo / destination tag the payment must carry, if the asset needs one. */
  memo: string | null;
  /** Exact amount to send (the order's amountSend). */
  amount: string;
  /** Text the QR code encodes (a payment URI for coins, otherwise the account). */
  qr: string;
  /** Recipient name for cards, office hours for cash, null otherwise. */
  note: string | null;
}

/** The step the order page shows (derived by the server from the order's state). */
export const ORDER_STEPS = ['confirm', 'verify_card', 'pay', 'processing', 'finished'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** Order as its customer sees it (`GET /api/orders/{uid}/{secret}`, `order:join` ack, events). */
export interface OrderDto {
  uid: string;
  status: OrderStatus;
  step: OrderStep;
  /** Increments on every change: a client keeps the DTO with the highest version. */
  version: number;
  from: OrderSide;
  to: OrderSide;
  rateType: RateType;
  /** Units of `to` per 1 `from`, as applied to this order. */
  rate: string;
  amountSend: string;
  amountReceive: string;
  /** Fixed orders: the rate holds until then. Null for floating orders. */
  rateLockedUntil: string | null;
  /** Where a floating rate comes from (shown with the rule "the rate may change until funds arrive"). */
  rateSource: string | null;
  /** The payment window ends then; null once no timer runs (paid, processed, closed). */
  expiresAt: string | null;
  email: string;
  senderAccount: string | null;
  receiverAccount: string | null;
  extra: Partial<Record<ExtraFieldName, string>>;
  comment: string | null;
  manual: boolean;
  confirmedAt: string | null;
  cardCheck: CardCheck;
  /** Why the card photo was rejected, in the operator's words; null: the default text (order.card.rejected). */
  cardRejectReason: string | null;
  receiptUploaded: boolean;
  receiptCheck: ReceiptCheck;
  /** Why the receipt was rejected, in the operator's words; null: the default text. */
  receiptRejectReason: string | null;
  /** The customer said they paid. */
  paidAt: string | null;
  /** Funds as the operator recorded them. */
  receivedAmount: string | null;
  receivedAt: string | null;
  exception: OrderException | null;
  deleteReason: DeleteReason | null;
  /** Where funds go back to if the order is returned (the customer gives it). */
  refundAddress: string | null;
  /**
   * Present from the pay step on; null there too while the exchanger has no enabled details for
   * the asset sent (the page then tells the customer not to send funds yet).
   */
  payment: PaymentDetails | null;
  createdAt: string;
  updatedAt: string;
  history: OrderHistoryEntry[];
}

/** What operators see in addition (list, `operators:order`). */
export interface OperatorOrderDto extends Omit<OrderDto, 'history'> {
  history: OperatorHistoryEntry[];
  id: number;
  userId: number | null;
  lang: string;
  ref: string | null;
  /** Stored upload ids; files at `GET /api/operator/orders/{uid}/files/{kind}`. */
  cardPhoto: boolean;
  receipt: boolean;
  /** Why the blacklist held the order (null: no match). Staff only. */
  blacklistMatch: BlacklistMatch | null;
}

/** An operator's order without its history and where to pay: a row of the board's list (common/board.ts). */
export type OperatorOrderSummary = Omit<OperatorOrderDto, 'history' | 'payment'>;

export const CUSTOMER_ACTIONS = ['confirm', 'card-photo', 'receipt', 'paid', 'cancel', 'refund-address'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/**
 * `POST /api/operator/orders/{uid}/{action}`. `recalculate` (not named by the issue) settles an
 * under-, over- or late payment at the current rate; `return` sends the funds back; `reverse`
 * (admins, `{reason}`) returns a done order.
 */
export const OPERATOR_ACTIONS = [
  'received',
  'done',
  'hold',
  'warning',
  'error',
  'return',
  'delete',
  'extend',
  'card-approve',
  'card-reject',
  'recalculate',
  'reverse',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/**
 * Admins only: `reverse` takes a done order back to returned (a chargeback, a refund after
 * completion) with a required reason; the referral reward it earned is reversed on the ledger.
 */
export const ADMIN_OPERATOR_ACTIONS: readonly OperatorAction[] = ['reverse'];
export const MAX_REVERSE_REASON = 500;

/** Which action is allowed when, and where it takes the order: common/orderRules.ts. */

/** Largest `extend` an operator can give at once. */
export const MAX_EXTEND_MINUTES = 24 * 60;
/** Upload limit for card photos and receipts. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Pixel limits: larger images are refused before decoding. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const MAX_UPLOAD_SIDE = 10_000;
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function orderPath(uid: string, secret: string): string {
  return `/order/${encodeURIComponent(uid)}/${encodeURIComponent(secret)}`;
}
