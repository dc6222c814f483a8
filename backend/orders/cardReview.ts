/**
 * The card check's decision, one home for the review queue (./reviews.ts) and the order's drawer
 * (./operatorActions.ts): what an approval or a rejection writes.
 *
 * The payment window stands still while the card photo waits (common/orderRules.ts
 * `paymentWindowRuns` and the `expire` rule): the customer may not pay before the decision, however
 * long the operators take. The decision gives the window back in full — the direction's period from
 * the decision, or the end it had if that is later — so a customer whose card was approved has the
 * time to pay, and one whose card was rejected the time to send another photo; either is mailed. A fixed rate stays
 * locked as long as that window (as at creation, the lock and the window end together).
 */
import type { Order } from '../models';
import type { OrdersContext } from './context';
import { orderCardApprovedMail, orderFileRejectedMail, type OrderMailContent } from './mail';

export type CardDecision = 'approve' | 'reject';

/**
 * How long the window runs after the decision: the direction's payment period. A direction no
 * longer in the catalogue gives the window the order had at its creation.
 */
export async function cardWindowMinutes(ctx: Pick<OrdersContext, 'models'>, order: Pick<Order, 'fromCode' | 'toCode' | 'createdAt' | 'expiresAt'>): Promise<number> {
  const direction = await ctx.models.Direction.findOne({ where: { fromCode: order.fromCode, toCode: order.toCode }, attributes: ['fixedPeriodMinutes'] });
  if (direction) return direction.fixedPeriodMinutes;
  const given = order.expiresAt && order.createdAt ? order.expiresAt.getTime() - order.createdAt.getTime() : 0;
  return Math.max(1, Math.round(given / 60_000));
}

/**
 * The decision's change and its mail: the customer learns of an approval with the new deadline
 * (orderCardApproved), of a rejection with its reason (orderFileRejected).
 */
export function cardDecisionPlan(
  ctx: Pick<OrdersContext, 'i18n'>,
  order: Order,
  decision: CardDecision,
  reason: string | null,
  now: Date,
  windowMinutes: number,
): { set: Partial<Order>; mail: OrderMailContent } {
  const set = cardDecisionSet(order, decision, reason, now, windowMinutes);
  return { set, mail: decision === 'approve' ? orderCardApprovedMail(set.expiresAt!) : orderFileRejectedMail(ctx, order, 'card', reason) };
}

/** What the decision writes: the card's state, the reason a rejection shows (null: the default words), the window given back. */
export function cardDecisionSet(
  order: Pick<Order, 'expiresAt' | 'rateType' | 'rateLockedUntil'>,
  decision: CardDecision,
  reason: string | null,
  now: Date,
  windowMinutes: number,
): Partial<Order> {
  const fresh = now.getTime() + windowMinutes * 60_000;
  const expiresAt = order.expiresAt && order.expiresAt.getTime() > fresh ? order.expiresAt : new Date(fresh);
  const lock = order.rateType === 'fixed' && (!order.rateLockedUntil || order.rateLockedUntil < expiresAt) ? { rateLockedUntil: expiresAt } : {};
  const card: Partial<Order> = decision === 'approve' ? { cardCheck: 'approved', cardRejectReason: null } : { cardCheck: 'rejected', cardRejectReason: reason };
  return { ...card, expiresAt, ...lock };
}
