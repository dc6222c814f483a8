/**
 * Layouts of the order emails (texts in `locales/<lang>/mail.json` under the same names):
 * `orderCreated` carries the order page link and the payment deadline, `orderCreatedCard` the same for
 * an order whose card is checked first (the deadline is the card photo's: the time to pay starts again
 * once the card is checked, orders/cardReview.ts), `orderCreatedHeld` the
 * link of an order created on hold (being checked: no deadline), `orderStatus` the new
 * status's name (translated by the sender, `mail.orderStatuses.<status>`) and the link,
 * `orderCardApproved` that the card is verified and the new payment deadline (orders/cardReview.ts),
 * `orderFileRejected` which file staff rejected (`files.<kind>`) and why (or `defaultReason`).
 */
export const ORDER_MAIL_TEMPLATES = ['orderCreated', 'orderCreatedCard', 'orderCreatedHeld', 'orderStatus', 'orderCardApproved', 'orderFileRejected'] as const;
export type OrderMailTemplate = (typeof ORDER_MAIL_TEMPLATES)[number];

export const ORDER_MAIL_LAYOUTS: Record<OrderMailTemplate, { paragraphs: string[]; action: string }> = {
  orderCreated: { paragraphs: ['intro', 'amounts', 'deadline', 'secret'], action: 'action' },
  orderCreatedCard: { paragraphs: ['intro', 'amounts', 'deadline', 'secret'], action: 'action' },
  orderCreatedHeld: { paragraphs: ['intro', 'amounts', 'check', 'secret'], action: 'action' },
  orderStatus: { paragraphs: ['intro', 'secret'], action: 'action' },
  orderCardApproved: { paragraphs: ['intro', 'deadline', 'secret'], action: 'action' },
  orderFileRejected: { paragraphs: ['intro', 'reason', 'next', 'secret'], action: 'action' },
};
