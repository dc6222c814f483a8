/** What the pages derive from an order's state: status labels, the steps shown, the actions offered. */
import { allowedActions, dtoFacts, isAllowed, isExpired } from '../../../common/orderRules';
import type { CustomerAction, OperatorAction, OrderDto } from '../../../common/orders';

export { statusKey, statusTone, visibleSteps } from '../../../common/orderTexts';

/** The operators' label of a status: every status its own words (customers see some alike). */
export function operatorStatusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (isExpired(order)) return 'order.operator.statuses.expired';
  return `order.operator.statuses.${order.status}`;
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
