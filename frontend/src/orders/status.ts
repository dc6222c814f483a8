/** What the pages derive from an order's state: status labels, the steps shown, the actions offered. */
import type { OrderStatus } from '../../../common/enums';
import { allowedActions, dtoFacts, isAllowed, isExpired } from '../../../common/orderRules';
import type { CustomerAction, OperatorAction, OrderDto, OrderStep } from '../../../common/orders';

/** Translation key of the order's status (spec wording); a deleted order says whether it expired. */
export function statusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (isExpired(order)) return 'order.status.expired';
  return `order.status.${order.status}`;
}

/** The operators' label of a status: every status its own words (customers see some alike). */
export function operatorStatusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (isExpired(order)) return 'order.operator.statuses.expired';
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

/** Whether the status table (common/orderRules.ts) lets the customer take `action` now. */
export function customerMay(order: OrderDto, action: CustomerAction): boolean {
  return isAllowed(dtoFacts(order), action);
}

/** The customer may cancel while nothing is paid or received. */
export function canCancel(order: OrderDto): boolean {
  return customerMay(order, 'cancel');
}

/** The refund address form: a payment issue (or a hold) with funds received. */
export function needsRefundAddress(order: OrderDto): boolean {
  return customerMay(order, 'refund-address');
}

/** The operator actions the server will accept for `order`, as the status table says. */
export function operatorActions(order: Parameters<typeof dtoFacts>[0]): OperatorAction[] {
  return allowedActions(dtoFacts(order), 'operator');
}
