/**
 * Which texts the order page's first lines say for an order: the status label and the current
 * step's heading and paragraph (translation keys under `order.`). The one home of that choice, asked
 * by the page's steps (frontend/src/pages/order) and by the server's prerendered first screen
 * (backend/seo/shell.ts), which must say the same words before the page's JavaScript has arrived.
 */
import { awaitsFunds, finishedAs, isExpired, processingStop } from './orderRules';
import type { OrderStatus } from './enums';
import { ORDER_STEPS, type OrderDto, type OrderStep } from './orders';

/** Translation key of the order's status (spec wording); a deleted order says whether it expired. */
export function statusKey(order: Pick<OrderDto, 'status' | 'deleteReason'>): string {
  if (isExpired(order)) return 'order.status.expired';
  return `order.status.${order.status}`;
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

/** Processing and finished: the paragraph that says where the order stands. */
export function statusTextKey(order: Pick<OrderDto, 'step' | 'status' | 'deleteReason' | 'exception' | 'paidAt'>): string {
  if (order.step === 'finished') return `order.finished.${finishedAs(order)}`;
  if (order.exception) return `order.processing.${order.exception}`;
  // Held for a check, or a payment problem: what the customer can do, not "we are processing".
  const stop = processingStop(order);
  if (stop) return `order.processing.${stop}`;
  return awaitsFunds(order) ? 'order.pay.paidAt' : 'order.processing.text';
}

export interface StepHeading {
  title: string;
  /** null: the step says something else first (the pay step without payment details: a notice). */
  text: string | null;
}

/** The current step's card: its title and its first paragraph. */
export function stepHeading(order: Pick<OrderDto, 'step' | 'status' | 'deleteReason' | 'exception' | 'paidAt' | 'payment'>): StepHeading {
  switch (order.step) {
    case 'confirm':
      return { title: 'order.confirm.title', text: 'order.confirm.text' };
    case 'verify_card':
      return { title: 'order.card.title', text: 'order.card.text' };
    case 'pay':
      return { title: 'order.pay.title', text: order.payment ? 'order.pay.text' : null };
    case 'processing':
    case 'finished':
      return { title: statusKey(order), text: statusTextKey(order) };
  }
}

/** The steps the order page lists: the card check only where the order has one. */
export function visibleSteps(order: Pick<OrderDto, 'cardCheck'>): OrderStep[] {
  const steps: OrderStep[] = ['confirm'];
  if (order.cardCheck !== 'not_required') steps.push('verify_card');
  steps.push('pay', 'processing', 'finished');
  return steps;
}

/** The stepper's entries: each visible step, numbered, as done, current or still to come. */
export function stepperOf(order: Pick<OrderDto, 'cardCheck' | 'step'>): { step: OrderStep; number: number; state: 'done' | 'current' | 'todo' }[] {
  const current = ORDER_STEPS.indexOf(order.step);
  return visibleSteps(order).map((step, index) => {
    const position = ORDER_STEPS.indexOf(step);
    const state = position < current || order.step === 'finished' ? 'done' : position === current ? 'current' : 'todo';
    return { step, number: index + 1, state };
  });
}
