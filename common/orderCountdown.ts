/** The order countdown: time left as text and as the share of the payment window (the order page's timer and the server's first screen of it). */
import type { OrderDto, OrderTick } from './events';
import { paymentWindowStart } from './orderRules';

/** `mm:ss`, or `h:mm:ss` from an hour on (an operator may extend an order by up to a day). */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

export interface Countdown {
  secondsLeft: number;
  /** Share of the payment window still left, 0–100. */
  percent: number;
}

/**
 * The countdown of `order`: the latest tick of this order drives it (the server's clock); before
 * the first tick it is computed from `expiresAt`. Null when no timer runs. The window is counted
 * from its start (the order's creation, or the card decision that gave it back: paymentWindowStart)
 * to its (possibly extended) expiry.
 */
export function countdownOf(order: OrderDto, tick: OrderTick | null, now: number): Countdown | null {
  if (!order.expiresAt) return null;
  const useTick = tick !== null && tick.uid === order.uid;
  const expiresAt = Date.parse(useTick && tick.expiresAt > order.expiresAt ? tick.expiresAt : order.expiresAt);
  const secondsLeft = useTick ? Math.max(0, tick.secondsLeft) : Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const windowSeconds = Math.max(1, (expiresAt - Date.parse(paymentWindowStart(order))) / 1000);
  return { secondsLeft, percent: Math.min(100, Math.max(0, (secondsLeft / windowSeconds) * 100)) };
}
