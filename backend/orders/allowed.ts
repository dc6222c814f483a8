/**
 * The commands' side of the order status table (common/orderRules.ts): an order row's facts, and
 * the check every command's plan starts with — refused as the table says (409), and the status the
 * plan writes kept to the ones the table allows.
 */
import type { OrderStatus } from '../../common/enums';
import { transition, type OrderFacts, type OrderRuleAction } from '../../common/orderRules';
import type { Order } from '../models';
import type { OrderPlan } from './change';
import { InvalidTransition, ReceiptAlreadyUploaded } from './errors';

export function orderFacts(order: Order, now: Date): OrderFacts {
  return {
    status: order.status,
    deleteReason: order.deleteReason,
    confirmed: Boolean(order.confirmedAt),
    paid: Boolean(order.paidAt),
    fundsReceived: order.receivedAmount !== null,
    cardCheck: order.cardCheck,
    receiptUploaded: order.receiptKey !== null,
    receiptCheck: order.receiptCheck,
    overdue: order.expiresAt !== null && order.expiresAt < now,
  };
}

/** The statuses `action` may take the order to, or the table's refusal thrown. */
export function allowedTargets(order: Order, action: OrderRuleAction, now: Date): readonly OrderStatus[] {
  const answer = transition(orderFacts(order, now), action);
  if (answer.ok) return answer.to;
  throw answer.code === 'receipt_already_uploaded' ? new ReceiptAlreadyUploaded() : new InvalidTransition();
}

/**
 * A command's plan, built only once the table allows `action` (`to`: where it may go). Several
 * rows: each must allow the change, and the last one says where it may go (a refund address the
 * blacklist holds: `refund-address` and `hold`).
 */
export async function planAllowed(
  order: Order,
  action: OrderRuleAction | readonly OrderRuleAction[],
  now: Date,
  build: (to: OrderStatus) => OrderPlan | Promise<OrderPlan>,
): Promise<OrderPlan> {
  const actions = typeof action === 'string' ? [action] : action;
  const targets = actions.map((each) => allowedTargets(order, each, now)).at(-1)!;
  const plan = await build(targets[0]!);
  const status = (plan.set.status as OrderStatus | undefined) ?? order.status;
  // A command that picks outside the table is a bug in the command, not the customer's mistake.
  if (!targets.includes(status)) throw new Error(`order ${actions.join('+')}: ${order.status} → ${status} is not in the status table`);
  return plan;
}
