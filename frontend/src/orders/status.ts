/** What the pages derive from an order's state: status labels, the steps shown, the actions offered. */
import type { OrderStatus } from '../../../common/enums';
import { actionAllowedFrom, OPERATOR_ACTIONS, type OperatorAction, type OrderDto, type OrderStep } from '../../../common/orders';

/** Translation key of the order's status (spec wording); a deleted order says whether it expired. */
export function statusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (order.status === 'deleted' && order.deleteReason === 'expired') return 'order.status.expired';
  return `order.status.${order.status}`;
}

/** The operators' label of a status: every status its own words (customers see some alike). */
export function operatorStatusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (order.status === 'deleted' && order.deleteReason === 'expired') return 'order.operator.statuses.expired';
  return `order.operator.statuses.${order.status}`;
}

/** Tone of the status badge. */
export function statusTone(status: OrderStatus): 'info' | 'success' | 'warning' | 'danger' | 'muted' {
  switch (status) {
    case 'new':
      return 'info';
    case 'progress':
    case 'done':
      return 'success';
    case 'hold':
    case 'warning':
      return 'warning';
    case 'error':
      return 'danger';
    default:
      return 'muted';
  }
}

/** The steps of the order page's stepper: card verification only where the order needs it. */
export function visibleSteps(order: Pick<OrderDto, 'cardCheck'>): OrderStep[] {
  const steps: OrderStep[] = ['confirm'];
  if (order.cardCheck !== 'not_required') steps.push('verify_card');
  steps.push('pay', 'processing', 'finished');
  return steps;
}

/** The customer may cancel while nothing is paid or received. */
export function canCancel(order: OrderDto): boolean {
  return order.status === 'new' && order.paidAt === null && order.receivedAmount === null;
}

/** The refund address form: a payment issue (or a hold) with funds received. */
export function needsRefundAddress(order: OrderDto): boolean {
  return ['warning', 'error', 'hold'].includes(order.status) && order.receivedAmount !== null;
}

const NEEDS_FUNDS: readonly OperatorAction[] = ['return', 'recalculate'];

/**
 * The operator actions the server will accept for `order`: the state machine of common/orders.ts
 * plus the conditions beyond the status it names (a pending card check, funds received, expiry).
 */
export function operatorActions(order: OrderDto): OperatorAction[] {
  const funds = order.receivedAmount !== null;
  const expired = order.status === 'deleted' && order.deleteReason === 'expired';
  return OPERATOR_ACTIONS.filter((action) => {
    if (!actionAllowedFrom(action, order.status)) return false;
    if (order.status === 'deleted' && !expired) return false;
    if (action === 'card-approve' || action === 'card-reject') return order.cardCheck === 'pending';
    if (action === 'received') return !funds;
    if (NEEDS_FUNDS.includes(action)) return funds;
    if (action === 'done' && order.status === 'hold') return funds;
    return true;
  });
}
