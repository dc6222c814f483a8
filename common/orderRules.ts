/**
 * The order status table: for every action (the customer's, the operators', the system's expiry)
 * the statuses it starts from, the other facts it needs and where it takes the order. The server's
 * commands ask `transition` before they write (a refusal answers 409 with its code); the pages ask
 * `allowedActions` which buttons to show. Nothing else compares statuses to decide what is allowed.
 */
import type { OrderStatus } from './enums';
import {
  CUSTOMER_ACTIONS,
  OPERATOR_ACTIONS,
  type CardCheck,
  type CustomerAction,
  type DeleteReason,
  type OperatorAction,
  type OrderDto,
  type ReceiptCheck,
} from './orders';

/** What the rules look at: the server's row and the pages' OrderDto both give it. */
export interface OrderFacts {
  status: OrderStatus;
  deleteReason: DeleteReason | null;
  /** The customer checked the details. */
  confirmed: boolean;
  /** The customer said they paid. */
  paid: boolean;
  /** An operator recorded the funds that arrived. */
  fundsReceived: boolean;
  cardCheck: CardCheck;
  receiptUploaded: boolean;
  /** The receipt's review (`pending`: an operator has not decided yet). */
  receiptCheck: ReceiptCheck;
  /** The payment window has an end and it has passed. */
  overdue: boolean;
}

/** The review queues' decisions on a receipt (the card photo's are the operators' card-approve/-reject). */
export const REVIEW_ACTIONS = ['receipt-approve', 'receipt-reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** `expire` is the system's: the worker closes a new order whose payment window passed. */
export type OrderRuleAction = CustomerAction | OperatorAction | ReviewAction | 'expire';

/** Why an action is refused: the API error code it answers with (409 either way). */
export type TransitionRefusal = 'invalid_transition' | 'receipt_already_uploaded';

export type Transition = { ok: true; to: readonly OrderStatus[] } | { ok: false; code: TransitionRefusal };

interface Rule {
  from: readonly OrderStatus[];
  /** The facts beyond the status the action needs. */
  when?: (facts: OrderFacts) => boolean;
  /** Refused with its own code before anything else (a second receipt). */
  taken?: { when: (facts: OrderFacts) => boolean; code: TransitionRefusal };
  /**
   * Where the order goes: `same` keeps the status; a list is what the command picks from by its
   * input (`received`: the amount that arrived and the rate type).
   */
  to: (facts: OrderFacts) => OrderStatus | 'same' | readonly OrderStatus[];
}

const same = () => 'same' as const;
const always = (status: OrderStatus) => () => status;
/** A deleted order can be revived only if it expired (never one cancelled or closed). */
const expiredIfDeleted = (facts: OrderFacts) => facts.status !== 'deleted' || facts.deleteReason === 'expired';
const funds = (facts: OrderFacts) => facts.fundsReceived;
/** The card states a photo is accepted in, and the ones that keep the customer from paying. */
const CARD_PHOTO_WANTED: readonly CardCheck[] = ['required', 'rejected'];
const CARD_NOT_CLEARED: readonly CardCheck[] = ['required', 'pending', 'rejected'];
/** A payment issue (or a hold) the customer can see and answer. */
const EXCEPTIONS: readonly OrderStatus[] = ['warning', 'error', 'hold'];
/** Where a payment receipt is taken (and reviewed). */
const RECEIPT_FROM: readonly OrderStatus[] = ['new', 'progress', 'hold', 'warning', 'error'];

export const ORDER_RULES: Record<OrderRuleAction, Rule> = {
  confirm: { from: ['new'], when: (f) => !f.confirmed, to: same },
  'card-photo': { from: ['new', 'hold'], when: (f) => CARD_PHOTO_WANTED.includes(f.cardCheck), to: same },
  receipt: {
    from: RECEIPT_FROM,
    when: (f) => f.confirmed,
    taken: { when: (f) => f.receiptUploaded, code: 'receipt_already_uploaded' },
    to: same,
  },
  paid: { from: ['new'], when: (f) => !f.paid && f.confirmed && !CARD_NOT_CLEARED.includes(f.cardCheck), to: same },
  cancel: { from: ['new'], when: (f) => !f.paid && !f.fundsReceived, to: always('deleted') },
  'refund-address': { from: EXCEPTIONS, when: funds, to: same },

  // Funds on a new or held order: progress, or warning on an under- or overpayment; late funds on
  // an expired order: warning (recalculated at the current rate).
  // Never while a receipt waits for its review: it is approved (or rejected) first.
  received: {
    from: ['new', 'hold', 'deleted'],
    when: (f) => f.receiptCheck !== 'pending' && (f.status === 'deleted' ? f.deleteReason === 'expired' : !f.fundsReceived),
    to: (f) => (f.status === 'deleted' ? ['warning'] : ['progress', 'warning']),
  },
  done: { from: ['progress', 'hold'], when: (f) => f.status !== 'hold' || f.fundsReceived, to: always('done') },
  hold: { from: ['new', 'progress', 'warning', 'error'], to: always('hold') },
  warning: { from: ['new', 'progress', 'hold'], to: always('warning') },
  error: { from: ['new', 'progress', 'hold', 'warning'], to: always('error') },
  return: { from: ['progress', 'hold', 'warning', 'error'], when: funds, to: always('returned') },
  delete: { from: ['new', 'hold', 'warning', 'error'], to: always('deleted') },
  // More time; an expired order comes back as new.
  extend: { from: ['new', 'hold', 'deleted'], when: expiredIfDeleted, to: (f) => (f.status === 'deleted' ? 'new' : 'same') },
  'card-approve': { from: ['new', 'hold'], when: (f) => f.cardCheck === 'pending', to: same },
  'card-reject': { from: ['new', 'hold'], when: (f) => f.cardCheck === 'pending', to: same },
  recalculate: { from: ['warning', 'error', 'hold'], when: funds, to: always('progress') },
  // Admins only, with a reason: a done order returned after all (a chargeback, a refund after completion).
  reverse: { from: ['done'], to: always('returned') },
  // A receipt waiting for review, wherever a receipt is accepted: approved, or rejected (the file
  // is dropped and the customer may upload a new one).
  'receipt-approve': { from: RECEIPT_FROM, when: (f) => f.receiptCheck === 'pending', to: same },
  'receipt-reject': { from: RECEIPT_FROM, when: (f) => f.receiptCheck === 'pending', to: same },

  // Never while the card photo waits for its review: the customer cannot pay before it (paymentWindowRuns).
  expire: { from: ['new'], when: (f) => !f.paid && f.overdue && f.cardCheck !== 'pending', to: always('deleted') },
};

/** Whether `action` may run on an order with these facts, and the statuses it may lead to. */
export function transition(facts: OrderFacts, action: OrderRuleAction): Transition {
  const rule = ORDER_RULES[action];
  if (rule.taken?.when(facts)) return { ok: false, code: rule.taken.code };
  if (!rule.from.includes(facts.status) || (rule.when && !rule.when(facts))) return { ok: false, code: 'invalid_transition' };
  const to = rule.to(facts);
  return { ok: true, to: to === 'same' ? [facts.status] : typeof to === 'string' ? [to] : to };
}

/** The statuses an order may be in for `action` (the review queues list only orders in them). */
export function ruleStatuses(action: OrderRuleAction): readonly OrderStatus[] {
  return ORDER_RULES[action].from;
}

export function isAllowed(facts: OrderFacts, action: OrderRuleAction): boolean {
  return transition(facts, action).ok;
}

/** The customer's or the operators' actions allowed now, in the order of their action lists. */
export function allowedActions(facts: OrderFacts, actor: 'customer'): CustomerAction[];
export function allowedActions(facts: OrderFacts, actor: 'operator'): OperatorAction[];
export function allowedActions(facts: OrderFacts, actor: 'customer' | 'operator'): OrderRuleAction[] {
  const actions: readonly OrderRuleAction[] = actor === 'customer' ? CUSTOMER_ACTIONS : OPERATOR_ACTIONS;
  return actions.filter((action) => isAllowed(facts, action));
}

/** The facts of an order as the pages have it (`now` decides `overdue`). */
export function dtoFacts(
  order: Pick<OrderDto, 'status' | 'deleteReason' | 'confirmedAt' | 'paidAt' | 'receivedAmount' | 'cardCheck' | 'receiptUploaded' | 'receiptCheck' | 'expiresAt'>,
  now: number = Date.now(),
): OrderFacts {
  return {
    status: order.status,
    deleteReason: order.deleteReason,
    confirmed: order.confirmedAt !== null,
    paid: order.paidAt !== null,
    fundsReceived: order.receivedAmount !== null,
    cardCheck: order.cardCheck,
    receiptUploaded: order.receiptUploaded,
    receiptCheck: order.receiptCheck,
    overdue: order.expiresAt !== null && Date.parse(order.expiresAt) < now,
  };
}

/*
 * Where an order stands, for the steps, labels and timers of the pages and presenters. They live
 * beside the table so that nothing else reads statuses: a page asks these, never `status === …`.
 */

/** Being worked on after the payment: received, checked, on hold, or with an issue. */
export const PROCESSING_STATUSES: readonly OrderStatus[] = ['progress', 'hold', 'warning', 'error'];
/** Over: paid out, refunded, or deleted (cancelled, closed or expired). */
export const FINISHED_STATUSES: readonly OrderStatus[] = ['done', 'returned', 'deleted'];

type StatusOf = { status: OrderStatus };

/** Paid out: the status the referral programme's profit, reward and active-referral count read. */
export const DONE_STATUS = 'done' satisfies OrderStatus;

export function isDone(order: StatusOf): boolean {
  return order.status === DONE_STATUS;
}

export function isProcessing(order: StatusOf): boolean {
  return PROCESSING_STATUSES.includes(order.status);
}

export function isFinished(order: StatusOf): boolean {
  return FINISHED_STATUSES.includes(order.status);
}

/** Deleted because its payment window passed (the only deleted order that can come back). */
export function isExpired(order: StatusOf & { deleteReason: DeleteReason | null }): boolean {
  return order.status === 'deleted' && order.deleteReason === 'expired';
}

/** How a finished order ended, for its closing words. */
export function finishedAs(order: StatusOf & { deleteReason: DeleteReason | null }): 'done' | 'returned' | 'expired' | 'deleted' {
  if (order.status === 'done' || order.status === 'returned') return order.status;
  return isExpired(order) ? 'expired' : 'deleted';
}

/**
 * New and not marked paid, with a payment window: the countdown runs. It stands still while the card
 * photo waits for the operators' review (the customer may not pay before it); the review gives the
 * window back (backend/orders/cardReview.ts).
 */
export function paymentWindowRuns(order: StatusOf & { paidAt: unknown; expiresAt: unknown; cardCheck: CardCheck }): boolean {
  return order.status === 'new' && !order.paidAt && order.expiresAt !== null && order.cardCheck !== 'pending';
}

/**
 * The actions that give the payment window back in full (backend/orders/cardReview.ts): the card
 * check's decisions. The countdown's ring measures the window from the last of them.
 */
export const WINDOW_RESTARTS: readonly OrderRuleAction[] = ['card-approve', 'card-reject'];

/** When the running payment window began: the order's creation, or the last decision that gave it back. */
export function paymentWindowStart(order: { createdAt: string; history: readonly { action: string; at: string }[] }): string {
  let start = order.createdAt;
  for (const entry of order.history) if ((WINDOW_RESTARTS as readonly string[]).includes(entry.action) && entry.at > start) start = entry.at;
  return start;
}

/** What stops a processing order that the customer should know of: an extra check (hold) or a payment problem (warning, error). */
export function processingStop(order: StatusOf): 'hold' | 'problem' | null {
  if (order.status === 'hold') return 'hold';
  return order.status === 'warning' || order.status === 'error' ? 'problem' : null;
}

/** The customer said they paid and no funds are recorded yet. */
export function awaitsFunds(order: StatusOf & { paidAt: unknown }): boolean {
  return order.status === 'new' && Boolean(order.paidAt);
}
