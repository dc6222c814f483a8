/**
 * The countdowns of one web process's order pages. The registry holds the order rooms that have
 * sockets of THIS process, with the version and expiry of the freshest DTO seen for each (the
 * join ack, then every change message). One shared interval sends `order:tick` to every room
 * whose timer runs; there is no timer per room. A room leaves the registry when its last local
 * socket leaves (`forget`), and stops ticking when a change ends its timer (expiresAt null) or
 * the time is up (one last tick at 0). Each room's send target (its local members) is looked up
 * once, when the room starts being tracked, not on every tick.
 */
import type { OrderTick } from '../../common/events';
import type { OrderDto } from '../../common/orders';

export const TICK_MS = 1000;

export type TimedOrder = Pick<OrderDto, 'uid' | 'version' | 'expiresAt'>;

interface Entry<Target> {
  target: Target;
  version: number;
  /** Epoch ms, or null when no timer runs for the order. */
  expiresAt: number | null;
  iso: string | null;
}

export interface OrderTicks {
  /** A local socket joined the order's room: track it (a DTO older than the one held is ignored). */
  joined(order: TimedOrder): void;
  /** The order changed: updates its timer if the room is tracked here; older versions are ignored. */
  changed(order: TimedOrder): void;
  /** The room has no local socket any more. */
  forget(uid: string): void;
  /** One round: a tick to every room whose timer runs. Returns how many were sent. */
  tickAll(): number;
  /** Rooms tracked, and how many of them tick. */
  size(): { rooms: number; timed: number };
  close(): void;
}

export interface OrderTicksOptions<Target> {
  /** The order's room on this process, looked up when a join starts tracking it; undefined: not tracked. */
  target: (uid: string) => Target | undefined;
  /** Sends one tick to that room. */
  emit: (target: Target, tick: OrderTick) => void;
  /** Defaults to TICK_MS; 0 never starts the interval (tickAll by hand). */
  intervalMs?: number;
  now?: () => number;
}

/** Whole seconds left, rounded up, never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

export function createOrderTicks<Target>(options: OrderTicksOptions<Target>): OrderTicks {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? TICK_MS;
  const entries = new Map<string, Entry<Target>>();
  let timed = 0;
  let interval: NodeJS.Timeout | undefined;
  let closed = false;

  function setEntry(uid: string, entry: Entry<Target>): void {
    const previous = entries.get(uid);
    if (previous !== undefined && previous.expiresAt !== null) timed -= 1;
    if (entry.expiresAt !== null) timed += 1;
    entries.set(uid, entry);
    if (timed > 0 && interval === undefined && intervalMs > 0 && !closed) {
      interval = setInterval(tickAll, intervalMs);
      interval.unref();
    }
  }

  function apply(order: TimedOrder, track: boolean): void {
    const previous = entries.get(order.uid);
    if (!previous && !track) return;
    if (previous && previous.version > order.version) return;
    const target = previous ? previous.target : options.target(order.uid);
    if (target === undefined) return;
    const at = order.expiresAt === null ? null : Date.parse(order.expiresAt);
    const running = at !== null && Number.isFinite(at) && at > now();
    setEntry(order.uid, { target, version: order.version, expiresAt: running ? at : null, iso: running ? order.expiresAt : null });
  }

  function tickAll(): number {
    const at = now();
    let sent = 0;
    for (const [uid, entry] of entries) {
      if (entry.expiresAt === null || entry.iso === null) continue;
      const left = secondsLeft(entry.expiresAt, at);
      options.emit(entry.target, { uid, secondsLeft: left, expiresAt: entry.iso });
      sent += 1;
      if (left === 0) setEntry(uid, { target: entry.target, version: entry.version, expiresAt: null, iso: null });
    }
    if (timed === 0 && interval !== undefined) {
      clearInterval(interval);
      interval = undefined;
    }
    return sent;
  }

  return {
    joined: (order) => apply(order, true),
    changed: (order) => apply(order, false),
    forget(uid) {
      const previous = entries.get(uid);
      if (!previous) return;
      if (previous.expiresAt !== null) timed -= 1;
      entries.delete(uid);
    },
    tickAll,
    size: () => ({ rooms: entries.size, timed }),
    close() {
      closed = true;
      clearInterval(interval);
      interval = undefined;
      entries.clear();
      timed = 0;
    },
  };
}
