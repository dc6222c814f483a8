/**
 * The customer's actions on their order page, one command each. Every one goes through
 * changeOrder (conditional update, history, publish and mail after commit); a state the action
 * makes no sense in answers 409 invalid_transition.
 */
import { Op } from 'sequelize';
import type { Order } from '../models';
import { changeOrder, CUSTOMER } from './change';
import type { OrdersContext } from './context';
import { InvalidTransition, ReceiptAlreadyUploaded } from './errors';
import type { OrderView } from './view';

const CARD_PHOTO_ACCEPTED = new Set(['required', 'rejected']);
const CARD_NOT_CLEARED = new Set(['required', 'pending', 'rejected']);
const RECEIPT_STATUSES = new Set(['new', 'progress', 'hold', 'warning', 'error']);
const REFUND_ADDRESS_STATUSES = new Set(['warning', 'error', 'hold']);

function refuse(): never {
  throw new InvalidTransition();
}

/** The customer checked the details: the order moves to card verification or payment. */
export function confirmOrder(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'confirm',
    actor: CUSTOMER,
    plan: (order, now) => {
      if (order.status !== 'new' || order.confirmedAt) refuse();
      return { set: { confirmedAt: now } };
    },
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
    plan: (order) => {
      if (!['new', 'hold'].includes(order.status) || !CARD_PHOTO_ACCEPTED.has(order.cardCheck)) refuse();
      replaced = order.cardPhotoKey;
      return { set: { cardCheck: 'pending', cardPhotoKey: props.key } };
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
    plan: (order) => {
      if (order.receiptKey !== null) throw new ReceiptAlreadyUploaded();
      if (!RECEIPT_STATUSES.has(order.status) || !order.confirmedAt) refuse();
      return {
        set: { receiptKey: props.key },
        guard: { where: { receiptKey: { [Op.is]: null } }, lost: () => new ReceiptAlreadyUploaded() },
      };
    },
  });
}

/** "I have paid": the timer stops (the worker no longer expires the order). */
export function markOrderPaid(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'paid',
    actor: CUSTOMER,
    plan: (order, now) => {
      if (order.status !== 'new' || order.paidAt || !order.confirmedAt || CARD_NOT_CLEARED.has(order.cardCheck)) refuse();
      return { set: { paidAt: now } };
    },
  });
}

/** The customer cancels while nothing is paid or received. */
export function cancelOrder(ctx: OrdersContext, props: { order: Order }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'cancel',
    actor: CUSTOMER,
    plan: (order) => {
      if (order.status !== 'new' || order.paidAt || order.receivedAmount !== null) refuse();
      return { set: { status: 'deleted', deleteReason: 'cancelled', expiresAt: null } };
    },
  });
}

/** Where funds go back to, given while the order is in an exception with funds in it. */
export function setRefundAddress(ctx: OrdersContext, props: { order: Order; address: string }): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action: 'refund-address',
    actor: CUSTOMER,
    plan: (order) => {
      if (!REFUND_ADDRESS_STATUSES.has(order.status) || order.receivedAmount === null) refuse();
      return { set: { refundAddress: props.address }, details: { address: props.address } };
    },
  });
}
