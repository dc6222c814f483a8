/**
 * Which order changes the staff are alerted about (backend/alerts/): the customer says they paid,
 * an operator recorded the funds, a card photo or a receipt waits for a review. The new order's
 * alert is written by createOrder.
 */
import type { Alert } from '../alerts';
import type { Order } from '../models';

/** The alert for `action` just applied to `order` (read after the change), or null. */
export function orderAlert(order: Pick<Order, 'uid' | 'amountSend' | 'fromCode' | 'receivedAmount'>, action: string): Alert | null {
  switch (action) {
    case 'paid':
      return { kind: 'orderPaid', uid: order.uid, amountSend: order.amountSend, from: order.fromCode };
    case 'received':
      return { kind: 'fundsReceived', uid: order.uid, amount: order.receivedAmount ?? order.amountSend, from: order.fromCode };
    case 'card-photo':
      return { kind: 'reviewWaiting', uid: order.uid, what: 'cardPhoto' };
    case 'receipt':
      return { kind: 'reviewWaiting', uid: order.uid, what: 'receipt' };
    default:
      return null;
  }
}
