/**
 * The customer's actions on their order page, one command each. Every one goes through
 * changeOrder (conditional update, history, publish and mail after commit); what each is allowed
 * in is the status table's (common/orderRules.ts) — anything else answers 409 invalid_transition.
 */
import type { Translate } from '../platform/i18n';
import { Op } from 'sequelize';
import type { Order } from '../models';
import { changeOrder, CUSTOMER } from './change';
import type { OrdersContext } from './context';
import { ReceiptAlreadyUploaded } from './errors';
import { checkRefundAddressForm, holdForAddress, screenRefundAddress } from './refundBlacklist';
import type { OrderView } from './view';

/** The customer checked the details: the order moves to card verification or payment. */
export function confirmOrder(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'confirm',
    actor: CUSTOMER,
    rule: 'confirm',
    plan: (_order, now) => ({ set: { confirmedAt: now } }),
  });
}

/**
 * A card photo (already stored under `key`) for an order whose card check is required or was
 * rejected: the check becomes pending. A rejected photo's file is returned as `replaced` so the
 * caller removes it after the commit.
 */
export async function attachCardPhoto(
  ctx: OrdersContext,
  props: { order: Order; key: string },
): Promise<{ view: OrderView; replaced: string | null }> {
  let replaced: string | null = null;
  const view = await changeOrder(ctx, {
    orderId: props.order.id,
    action: 'card-photo',
    actor: CUSTOMER,
    rule: 'card-photo',
    plan: (order, now) => {
      replaced = order.cardPhotoKey;
      return { set: { cardCheck: 'pending', cardPhotoKey: props.key, cardPhotoAt: now, cardRejectReason: null } };
    },
  });
  return { view, replaced };
}

/**
 * The payment receipt (already stored under `key`), exactly once: the row is written only while
 * it has no receipt (`receiptKey IS NULL`), so of parallel uploads one wins and the others answer
 * 409 receipt_already_uploaded (their files are the caller's to remove).
 */
export function attachReceipt(ctx: OrdersContext, props: { order: Order; key: string }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'receipt',
    actor: CUSTOMER,
    rule: 'receipt',
    plan: (_order, now) => ({
      set: { receiptKey: props.key, receiptCheck: 'pending', receiptAt: now, receiptRejectReason: null },
      guard: { where: { receiptKey: { [Op.is]: null } }, lost: () => new ReceiptAlreadyUploaded() },
    }),
  });
}

/** "I have paid": the timer stops (the worker no longer expires the order). */
export function markOrderPaid(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'paid',
    actor: CUSTOMER,
    rule: 'paid',
    plan: (_order, now) => ({ set: { paidAt: now } }),
  });
}

/** The customer cancels while nothing is paid or received. */
export function cancelOrder(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'cancel',
    actor: CUSTOMER,
    rule: 'cancel',
    plan: (_order, _now, to) => ({ set: { status: to, deleteReason: 'cancelled', expiresAt: null } }),
  });
}

/**
 * Where funds go back to, given while the order is in an exception with funds in it. An address
 * the blacklist knows is refused, or kept with the order put on hold (./refundBlacklist.ts).
 */
export async function setRefundAddress(ctx: OrdersContext, props: { order: Order; address: string; ip?: string | null; t: Translate }): Promise<OrderView> {
  const ip = props.ip ?? null;
  await checkRefundAddressForm(ctx, props);
  const hit = await screenRefundAddress(ctx, { order: props.order, address: props.address, ip });
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'refund-address',
    actor: CUSTOMER,
    ...(hit
      ? holdForAddress(ctx, hit, { order: props.order, address: props.address, ip, rule: 'refund-address' })
      : { rule: 'refund-address', plan: () => ({ set: { refundAddress: props.address }, details: { address: props.address } }) }),
  });
}
