/**
 * The operators' actions, one command each, following STATUS_MACHINE (common/orders.ts) plus the
 * conditions the table leaves to the server (funds received, card pending, expired…). Anything
 * else answers 409 invalid_transition. Recalculations use the direction's CURRENT rate from this
 * process's RatesStore and publish as `recalc`.
 */
import type { OperatorAction } from '../../common/orders';
import { actionAllowedFrom, MAX_EXTEND_MINUTES } from '../../common/orders';
import { compareDecimals, receiveForSend } from '../../common/rateMath';
import type { Order } from '../models';
import { directionKey } from '../rates/engine';
import { CATALOGUE_CHANGED_CHANNEL } from '../rates/catalogueChanged';
import { changeOrder, operatorActor, type OrderPlan } from './change';
import type { OrdersContext } from './context';
import { DirectionUnavailable, InvalidTransition, RefundAddressRequired } from './errors';
import { takeFromReserve } from './reserve';
import type { OrderView } from './view';

export interface OperatorActionProps {
  order: Order;
  operator: { id: number; email: string };
  /** `received`: the amount that arrived. */
  amount?: string;
  /** `return`: where the funds go (else the customer's refund address). */
  address?: string;
  /** `extend`: minutes, 1..MAX_EXTEND_MINUTES. */
  minutes?: number;
}

function refuse(): never {
  throw new InvalidTransition();
}

function allowed(action: OperatorAction, order: Order): void {
  if (!actionAllowedFrom(action, order.status)) refuse();
}

/** The direction's current rate and the `to` precision. */
function currentRate(ctx: OrdersContext, order: Order): { rate: string; toPrecision: number } {
  const state = ctx.rates.current();
  const rate = state?.rates.get(directionKey({ from: order.fromCode, to: order.toCode }));
  const to = state?.assets.get(order.toCode);
  if (!state || state.expired || !rate || rate.stale || !to) throw new DirectionUnavailable();
  return { rate: rate.rate, toPrecision: to.precision };
}

/** amountSend := what arrived, amountReceive at the current rate (rounded down). */
function recalculated(ctx: OrdersContext, order: Order, amount: string): OrderPlan['set'] {
  const { rate, toPrecision } = currentRate(ctx, order);
  return { rate, amountSend: amount, amountReceive: receiveForSend(amount, rate, toPrecision) };
}

function hasFunds(order: Order): boolean {
  return order.receivedAmount !== null;
}

function planReceived(ctx: OrdersContext, order: Order, amount: string, now: Date): OrderPlan {
  allowed('received', order);
  const facts = { receivedAmount: amount, receivedAt: now, expiresAt: null };
  const details = { amount };
  if (order.status === 'deleted') {
    if (order.deleteReason !== 'expired') refuse();
    return {
      set: { ...facts, ...recalculated(ctx, order, amount), status: 'warning', exception: 'late', deleteReason: null },
      details,
      kind: 'recalc',
    };
  }
  if (hasFunds(order)) refuse();
  if (order.rateType === 'float') {
    return { set: { ...facts, ...recalculated(ctx, order, amount), status: 'progress', exception: null }, details, kind: 'recalc' };
  }
  const difference = compareDecimals(amount, order.amountSend);
  if (difference === 0) return { set: { ...facts, status: 'progress', exception: null }, details };
  return { set: { ...facts, status: 'warning', exception: difference < 0 ? 'underpaid' : 'overpaid' }, details };
}

function planDone(ctx: OrdersContext, order: Order): OrderPlan {
  allowed('done', order);
  if (order.status === 'hold' && !hasFunds(order)) refuse();
  return {
    set: { status: 'done', expiresAt: null },
    details: { amount: order.amountReceive },
    within: (transaction) => takeFromReserve(ctx.models, { code: order.toCode, amount: order.amountReceive }, transaction),
    after: () => ctx.kv.publish(CATALOGUE_CHANGED_CHANNEL, JSON.stringify({ reserve: order.toCode })).then(() => undefined),
  };
}

function planReturn(order: Order, address: string | undefined): OrderPlan {
  allowed('return', order);
  if (!hasFunds(order)) refuse();
  const to = address?.trim() || order.refundAddress;
  if (!to) throw new RefundAddressRequired();
  return { set: { status: 'returned', refundAddress: to, expiresAt: null }, details: { address: to } };
}

function planExtend(order: Order, minutes: number, now: Date): OrderPlan {
  allowed('extend', order);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_EXTEND_MINUTES) refuse();
  const details = { minutes: String(minutes) };
  if (order.status === 'deleted') {
    if (order.deleteReason !== 'expired') refuse();
    return { set: { status: 'new', deleteReason: null, expiresAt: new Date(now.getTime() + minutes * 60_000) }, details };
  }
  const from = Math.max(now.getTime(), order.expiresAt?.getTime() ?? now.getTime());
  return { set: { expiresAt: new Date(from + minutes * 60_000) }, details };
}

function planCard(order: Order, action: 'card-approve' | 'card-reject'): OrderPlan {
  allowed(action, order);
  if (order.cardCheck !== 'pending') refuse();
  return { set: { cardCheck: action === 'card-approve' ? 'approved' : 'rejected' } };
}

function planRecalculate(ctx: OrdersContext, order: Order): OrderPlan {
  allowed('recalculate', order);
  if (!hasFunds(order)) refuse();
  return {
    set: { ...recalculated(ctx, order, order.receivedAmount!), status: 'progress', exception: null },
    details: { amount: order.receivedAmount! },
    kind: 'recalc',
  };
}

function plan(ctx: OrdersContext, action: OperatorAction, props: OperatorActionProps, order: Order, now: Date): OrderPlan {
  switch (action) {
    case 'received':
      if (props.amount === undefined) refuse();
      return planReceived(ctx, order, props.amount, now);
    case 'done':
      return planDone(ctx, order);
    case 'hold':
    case 'warning':
    case 'error':
      allowed(action, order);
      return { set: { status: action, expiresAt: action === 'hold' ? order.expiresAt : null } };
    case 'return':
      return planReturn(order, props.address);
    case 'delete':
      allowed('delete', order);
      return { set: { status: 'deleted', deleteReason: 'closed', expiresAt: null } };
    case 'extend':
      return planExtend(order, props.minutes ?? 0, now);
    case 'card-approve':
    case 'card-reject':
      return planCard(order, action);
    case 'recalculate':
      return planRecalculate(ctx, order);
  }
}

/** Runs one operator action on an order (see the module comment); 409 invalid_transition when refused. */
export function runOperatorAction(ctx: OrdersContext, action: OperatorAction, props: OperatorActionProps): Promise<OrderView> {
  return changeOrder(ctx, {
    orderId: props.order.id,
    action,
    actor: operatorActor(props.operator),
    plan: (order, now) => plan(ctx, action, props, order, now),
  });
}
