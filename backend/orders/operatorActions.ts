/**
 * The operators' actions, one command each, where the status table (common/orderRules.ts) allows
 * them; the command checks only its input (amount, minutes, address). Anything else answers 409
 * invalid_transition. Recalculations use the direction's CURRENT rate from this
 * process's RatesStore and publish as `recalc`.
 */
import type { Translate } from '../platform/i18n';
import type { OrderStatus } from '../../common/enums';
import { isExpired } from '../../common/orderRules';
import { MAX_EXTEND_MINUTES, type OperatorAction } from '../../common/orders';
import { compareDecimals, receiveForSend } from '../../common/rateMath';
import type { Order } from '../models';
import { offeredRate } from '../rates/store';
import { CATALOGUE_CHANGED_CHANNEL, reserveChangeMessage } from '../rates/catalogueChanged';
import { changeOrder, operatorActor, type OrderPlan } from './change';
import type { OrdersContext } from './context';
import { DirectionUnavailable, InvalidTransition, RefundAddressRequired } from './errors';
import { takeFromReserve } from './reserve';
import { checkRefundAddressForm, holdForAddress, screenRefundAddress } from './refundBlacklist';
import type { OrderView } from './view';
import { savingApprovedCard } from '../requisites/fromOrder';
import { cardDecisionPlan, cardWindowMinutes } from './cardReview';
import { doneFacts, onOrderDone } from '../referral/done';
import { announceToPartner, reverseOrderReward } from '../referral/rewardLedger';

export interface OperatorActionProps {
  order: Order;
  operator: { id: number; email: string; role?: string };
  /** The operator's address, for the audit record. */
  ip?: string | null;
  /** `received`: the amount that arrived. */
  amount?: string;
  /** `return`: where the funds go (else the customer's refund address); checked against the sent asset's form (translated by `t`). */
  address?: string;
  t: Translate;
  /** `extend`: minutes, 1..MAX_EXTEND_MINUTES. */
  minutes?: number;
  /** `reverse` (admins): why a done order is returned (required); `card-reject`: the reason the customer sees (optional). */
  reason?: string;
}

function refuse(): never {
  throw new InvalidTransition();
}

/** The direction's current rate and the `to` precision. */
function currentRate(ctx: OrdersContext, order: Order): { rate: string; toPrecision: number } {
  const offered = offeredRate(ctx.rates.current(), { from: order.fromCode, to: order.toCode });
  if (!offered) throw new DirectionUnavailable();
  return { rate: offered.rate.rate, toPrecision: offered.to.precision };
}

/** The direction's current rate, or null when the store has none fresh (the drawer's rateAtReceipt). */
function rateNow(ctx: OrdersContext, order: Order): string | null {
  try {
    return currentRate(ctx, order).rate;
  } catch {
    return null;
  }
}

/** amountSend := what arrived, amountReceive at the current rate (rounded down). */
function recalculated(ctx: OrdersContext, order: Order, amount: string): OrderPlan['set'] {
  const { rate, toPrecision } = currentRate(ctx, order);
  return { rate, amountSend: amount, amountReceive: receiveForSend(amount, rate, toPrecision) };
}

/** Late funds on an expired order are recalculated into a warning; else the amount decides. */
function planReceived(ctx: OrdersContext, order: Order, amount: string, now: Date): OrderPlan {
  const facts = { receivedAmount: amount, receivedAt: now, expiresAt: null, receivedRate: rateNow(ctx, order) };
  const details = { amount };
  if (isExpired(order)) {
    return {
      set: { ...facts, ...recalculated(ctx, order, amount), status: 'warning', exception: 'late', deleteReason: null },
      details,
      kind: 'recalc',
    };
  }
  if (order.rateType === 'float') {
    return { set: { ...facts, ...recalculated(ctx, order, amount), status: 'progress', exception: null }, details, kind: 'recalc' };
  }
  const difference = compareDecimals(amount, order.amountSend);
  if (difference === 0) return { set: { ...facts, status: 'progress', exception: null }, details };
  return { set: { ...facts, status: 'warning', exception: difference < 0 ? 'underpaid' : 'overpaid' }, details };
}

/** Paid out: the reserve, and the referral programme's profit in USDT and reward decision (backend/referral/done.ts). */
async function planDone(ctx: OrdersContext, order: Order, now: Date, to: OrderStatus): Promise<OrderPlan> {
  const referral = await doneFacts(ctx, order, now);
  return {
    set: { status: to, expiresAt: null, ...referral },
    details: { amount: order.amountReceive },
    within: async (transaction) => {
      await takeFromReserve(ctx.models, { code: order.toCode, amount: order.amountReceive }, transaction);
      await onOrderDone(ctx, transaction, order, referral);
    },
    after: async () => {
      await ctx.kv.publish(CATALOGUE_CHANGED_CHANNEL, reserveChangeMessage(order.toCode));
      // The partner's reward and active-referral count changed (a refused reward too: the count).
      await announceToPartner(ctx, order.referrerId, 'reward');
    },
  };
}

/**
 * A done order returned after all (admins, with a reason): its referral reward, if one was posted,
 * is reversed in the same transaction (backend/referral/rewardLedger.ts), the partner told after.
 */
function planReverse(ctx: OrdersContext, order: Order, reason: string | undefined, to: OrderStatus): OrderPlan {
  const why = reason?.trim();
  if (!why) refuse();
  let partnerId: number | null = null;
  return {
    set: { status: to, expiresAt: null },
    details: { reason: why },
    within: async (transaction) => {
      partnerId = await reverseOrderReward(ctx, transaction, order.id);
    },
    after: () => announceToPartner(ctx, partnerId ?? order.referrerId, 'reward'),
  };
}

function planReturn(order: Order, address: string | undefined, to: OrderStatus): OrderPlan {
  const refundAddress = address?.trim() || order.refundAddress;
  if (!refundAddress) throw new RefundAddressRequired();
  return { set: { status: to, refundAddress, expiresAt: null }, details: { address: refundAddress } };
}

/** More minutes from the later of now and the current end; an expired order comes back as `to` (new). */
function planExtend(order: Order, minutes: number, now: Date, to: OrderStatus): OrderPlan {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_EXTEND_MINUTES) refuse();
  const details = { minutes: String(minutes) };
  if (to !== order.status) {
    return { set: { status: to, deleteReason: null, expiresAt: new Date(now.getTime() + minutes * 60_000) }, details };
  }
  const from = Math.max(now.getTime(), order.expiresAt?.getTime() ?? now.getTime());
  return { set: { expiresAt: new Date(from + minutes * 60_000) }, details };
}

function planRecalculate(ctx: OrdersContext, order: Order, to: OrderStatus): OrderPlan {
  return {
    set: { ...recalculated(ctx, order, order.receivedAmount!), status: to, exception: null },
    details: { amount: order.receivedAmount! },
    kind: 'recalc',
  };
}

/** The action's plan once the status table allowed it (`to`: the status it leads to, or its first choice). */
function plan(
  ctx: OrdersContext,
  action: OperatorAction,
  props: OperatorActionProps,
  order: Order,
  now: Date,
  to: OrderStatus,
  windowMinutes: number,
): OrderPlan | Promise<OrderPlan> {
  switch (action) {
    case 'received':
      if (props.amount === undefined) refuse();
      return planReceived(ctx, order, props.amount, now);
    case 'done':
      return planDone(ctx, order, now, to);
    case 'hold':
    case 'warning':
    case 'error':
      return { set: { status: to, expiresAt: action === 'hold' ? order.expiresAt : null } };
    case 'return':
      return planReturn(order, props.address, to);
    case 'delete':
      return { set: { status: to, deleteReason: 'closed', expiresAt: null } };
    case 'extend':
      return planExtend(order, props.minutes ?? 0, now, to);
    case 'card-approve':
      // The card becomes the signed-in owner's verified requisite (backend/requisites); the payment window runs again (./cardReview.ts).
      return { ...cardDecisionPlan(ctx, order, 'approve', null, now, windowMinutes), ...savingApprovedCard(ctx, order, props.operator.id) };
    case 'card-reject': {
      // As a rejection from the review queue: the reason the customer's page and mail show (blank: the default words).
      const why = props.reason?.trim() || null;
      return { ...cardDecisionPlan(ctx, order, 'reject', why, now, windowMinutes), details: why ? { reason: why } : null };
    }
    case 'recalculate':
      return planRecalculate(ctx, order, to);
    case 'reverse':
      return planReverse(ctx, order, props.reason, to);
  }
}

/**
 * Runs one operator action on an order (see the module comment); 409 invalid_transition when
 * refused. A `return` to an address given now is screened by the blacklist first
 * (./refundBlacklist.ts): refused, or the address kept and the order put on hold instead.
 */
export async function runOperatorAction(ctx: OrdersContext, action: OperatorAction, props: OperatorActionProps): Promise<OrderView> {
  const ip = props.ip ?? null;
  const address = action === 'return' ? props.address?.trim() : undefined;
  if (address) await checkRefundAddressForm(ctx, { order: props.order, address, t: props.t });
  const hit = address ? await screenRefundAddress(ctx, { order: props.order, address, ip }) : null;
  // The card's decision gives the payment window back (./cardReview.ts): its length is read before the writer's turn.
  const windowMinutes = action === 'card-approve' || action === 'card-reject' ? await cardWindowMinutes(ctx, props.order) : 0;
  return changeOrder(ctx, {
    orderId: props.order.id,
    action,
    actor: operatorActor(props.operator),
    ...(hit && address
      ? holdForAddress(ctx, hit, { order: props.order, address, ip, rule: action })
      : { rule: action, plan: (order: Order, now: Date, to: OrderStatus) => plan(ctx, action, props, order, now, to, windowMinutes) }),
    audit: { actor: { id: props.operator.id, email: props.operator.email, role: props.operator.role ?? 'operator' }, ip },
  });
}
