/**
 * The order as its customer sees it and as operators see it: explicit whitelists (never the
 * row's toJSON: it holds the secret's hash, the sealed secret and the upload keys).
 */
import type { OperatorHistoryEntry, OperatorOrderDto, OperatorOrderSummary, OrderDto, OrderHistoryEntry, OrderSide, OrderStep, PaymentDetails } from '../../common/orders';
import type { Attributes } from 'sequelize';
import type { Asset, Order, OrderEvent, PaymentDetail } from '../models';
import { isFinished, isProcessing, paymentWindowRuns } from '../../common/orderRules';
import type { OrderView } from './view';

/** What the presenters read of an order and an asset: an instance, or a raw row read as one (platform/db/raw.ts). */
type OrderAttributes = Attributes<Order>;
type AssetFields = Pick<Asset, 'name' | 'nameRu' | 'type' | 'currency' | 'network' | 'precision' | 'city'>;

/** Where a floating rate comes from (the monitoring sites' rule: named on the page). */
export const FLOAT_RATE_SOURCE = 'market';


/** The step the order page shows: confirm → verify_card → pay → processing → finished. */
export function orderStep(order: Pick<Order, 'status' | 'paidAt' | 'confirmedAt' | 'cardCheck'>): OrderStep {
  if (isFinished(order)) return 'finished';
  if (order.paidAt || isProcessing(order)) return 'processing';
  if (!order.confirmedAt) return 'confirm';
  if (order.cardCheck === 'required' || order.cardCheck === 'pending' || order.cardCheck === 'rejected') return 'verify_card';
  return 'pay';
}

/**
 * A moment in whole seconds: what MySQL's DATETIME keeps (Sequelize writes it without the
 * milliseconds), so the order a command has just written and the same order read back present alike.
 */
function seconds(value: Date): string {
  return new Date(Math.floor(value.getTime() / 1000) * 1000).toISOString();
}

function iso(value: Date | null | undefined): string | null {
  return value ? seconds(value) : null;
}

export function presentSide(code: string, asset: AssetFields | null): OrderSide {
  return {
    code,
    name: asset?.name ?? code,
    nameRu: asset?.nameRu ?? null,
    type: asset?.type ?? 'coin',
    currency: asset?.currency ?? code,
    network: asset?.network ?? null,
    precision: asset?.precision ?? 8,
    city: asset?.city ?? null,
  };
}

function paymentQr(asset: Asset | null, account: string, amount: string, memo: string | null): string {
  if (!asset || asset.type !== 'coin') return account;
  const scheme = asset.network ? asset.currency.toLowerCase() : asset.name.toLowerCase().replace(/\s+/g, '');
  const params = new URLSearchParams({ amount });
  if (memo) params.set('memo', memo);
  return `${scheme}:${account}?${params.toString()}`;
}

/** Null when the asset has no enabled details: the page then says they will be sent. */
function presentPayment(order: Order, from: Asset | null, details: PaymentDetail | null): PaymentDetails | null {
  if (!details) return null;
  return {
    account: details.account,
    memo: details.memo,
    amount: order.amountSend,
    qr: paymentQr(from, details.account, order.amountSend, details.memo),
    note: details.note,
  };
}

/** The customer's entry names the role only: staff identities never leave for customers. */
function presentHistoryEntry(event: OrderEvent): OrderHistoryEntry {
  return {
    at: seconds(event.createdAt),
    action: event.action,
    from: event.fromStatus,
    to: event.toStatus,
    actor: event.actor,
    details: event.details,
  };
}

function presentOperatorHistoryEntry(event: OrderEvent): OperatorHistoryEntry {
  return { ...presentHistoryEntry(event), actorName: event.actor === 'operator' ? event.actorName : null };
}

/** Everything of an order's DTO but where to pay and the history (the board's rows need no more). */
type OrderFields = Omit<OrderDto, 'payment' | 'history'>;

function presentOrderFields(order: OrderAttributes, from: AssetFields | null, to: AssetFields | null): OrderFields {
  return {
    uid: order.uid,
    status: order.status,
    step: orderStep(order),
    version: order.version,
    from: presentSide(order.fromCode, from),
    to: presentSide(order.toCode, to),
    rateType: order.rateType,
    rate: order.rate,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    rateLockedUntil: order.rateType === 'fixed' ? iso(order.rateLockedUntil) : null,
    rateSource: order.rateType === 'float' ? FLOAT_RATE_SOURCE : null,
    expiresAt: paymentWindowRuns(order) ? iso(order.expiresAt) : null,
    email: order.email,
    senderAccount: order.senderAccount,
    receiverAccount: order.receiverAccount,
    extra: order.extra,
    comment: order.comment,
    manual: order.manual,
    confirmedAt: iso(order.confirmedAt),
    cardCheck: order.cardCheck,
    cardRejectReason: order.cardRejectReason,
    receiptUploaded: order.receiptKey !== null,
    receiptCheck: order.receiptCheck,
    receiptRejectReason: order.receiptRejectReason,
    paidAt: iso(order.paidAt),
    receivedAmount: order.receivedAmount,
    receivedAt: iso(order.receivedAt),
    exception: order.exception,
    deleteReason: order.deleteReason,
    refundAddress: order.refundAddress,
    createdAt: seconds(order.createdAt),
    updatedAt: seconds(order.updatedAt),
  };
}

/** Where to pay: while paying and processing; never on a closed order. */
function paymentOf(view: OrderView, step: OrderStep): PaymentDetails | null {
  return step === 'pay' || step === 'processing' ? presentPayment(view.order, view.from, view.payTo) : null;
}

export function presentOrder(view: OrderView): OrderDto {
  const fields = presentOrderFields(view.order, view.from, view.to);
  return { ...fields, payment: paymentOf(view, fields.step), history: view.events.map(presentHistoryEntry) };
}

/** An order of the board's list: the operator's fields without the history and where to pay. */
export function presentOperatorSummary(order: OrderAttributes, from: AssetFields | null, to: AssetFields | null): OperatorOrderSummary {
  return Object.assign(presentOrderFields(order, from, to), {
    id: order.id,
    userId: order.userId,
    lang: order.lang,
    ref: order.ref,
    cardPhoto: order.cardPhotoKey !== null,
    receipt: order.receiptKey !== null,
    blacklistMatch: order.blacklistMatch ?? null,
  });
}

export function presentOperatorOrder(view: OrderView): OperatorOrderDto {
  const summary = presentOperatorSummary(view.order, view.from, view.to);
  return { ...summary, payment: paymentOf(view, summary.step), history: view.events.map(presentOperatorHistoryEntry) };
}
