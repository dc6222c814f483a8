/**
 * How order changes travel from whoever made them (a web process answering a customer or an
 * operator, the worker expiring an order) to every web process, which forwards them to its own
 * sockets in `order:<uid>` and `operators`. One KV channel; the message carries both views.
 */
import type { OperatorOrderDto, OrderDto } from '../../common/orders';
import type { Logger } from '../platform/logger';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';
import type { KV } from '../platform/kv/types';

export const ORDERS_CHANNEL = 'orders:changed';

export interface OrderChangeMessage {
  /** `status` for every change; `recalc` when the amounts were recalculated (also a change). */
  kind: 'status' | 'recalc';
  /** The customer's view after the change. */
  order: OrderDto;
  /** The operators' view after the change. */
  operator: OperatorOrderDto;
  /**
   * The owner is a verified user (the board's priority mark), told where it is known without a query:
   * at creation. Absent on later changes: the board keeps the mark its row already has.
   */
  priority?: boolean;
}

/** How often changes whose publish failed are tried again, and for how long at most. */
export const REPUBLISH_EVERY_MS = 1000;
export const REPUBLISH_FOR_MS = 5 * 60_000;
/** Orders whose unpublished change a process keeps at most (the oldest goes first). */
const MAX_UNPUBLISHED = 10_000;

interface Unpublished {
  /** uid → the newest change of that order not published yet, and since when one is pending. */
  changes: Map<string, { message: OrderChangeMessage; since: number }>;
  timer: NodeJS.Timeout | null;
}

/** Per KV (each server has its own): what this process could not publish. */
const unpublishedByKV = new WeakMap<KV, Unpublished>();

/**
 * Publishes the change. When the KV refuses (this process lost Redis, perhaps alone), the newest
 * change of each order is kept and published again every REPUBLISH_EVERY_MS until it goes
 * through, so processes whose subscription never dropped still get it; the error is rethrown.
 */
export async function publishOrderChange(kv: KV, message: OrderChangeMessage): Promise<void> {
  const unpublished = unpublishedByKV.get(kv);
  try {
    await kv.publish(ORDERS_CHANNEL, JSON.stringify(message));
  } catch (error) {
    keepUnpublished(kv, message);
    throw error;
  }
  const held = unpublished?.changes.get(message.order.uid);
  if (held && held.message.order.version <= message.order.version) unpublished!.changes.delete(message.order.uid);
}

function keepUnpublished(kv: KV, message: OrderChangeMessage): void {
  let unpublished = unpublishedByKV.get(kv);
  if (!unpublished) {
    unpublished = { changes: new Map(), timer: null };
    unpublishedByKV.set(kv, unpublished);
  }
  const { uid, version } = message.order;
  const held = unpublished.changes.get(uid);
  if (held && held.message.order.version > version) return;
  unpublished.changes.delete(uid);
  unpublished.changes.set(uid, { message, since: held?.since ?? Date.now() });
  if (unpublished.changes.size > MAX_UNPUBLISHED) unpublished.changes.delete(unpublished.changes.keys().next().value!);
  scheduleRepublish(kv, unpublished);
}

function scheduleRepublish(kv: KV, unpublished: Unpublished): void {
  if (unpublished.timer || unpublished.changes.size === 0) return;
  unpublished.timer = setTimeout(() => void republish(kv, unpublished), REPUBLISH_EVERY_MS);
  unpublished.timer.unref();
}

/** One pass over the kept changes, oldest first; stops at the first refusal (still down). */
async function republish(kv: KV, unpublished: Unpublished): Promise<void> {
  for (const [uid, held] of [...unpublished.changes]) {
    if (Date.now() - held.since > REPUBLISH_FOR_MS) {
      unpublished.changes.delete(uid);
      continue;
    }
    try {
      await kv.publish(ORDERS_CHANNEL, JSON.stringify(held.message));
    } catch {
      break;
    }
    if (unpublished.changes.get(uid) === held) unpublished.changes.delete(uid);
  }
  unpublished.timer = null;
  scheduleRepublish(kv, unpublished);
}

/**
 * Calls `onChange` for every order change published by any process, and `onMissed` with the
 * moment from which messages were lost (the subscription came late, or its connection dropped):
 * the caller catches up from the database. Returns the unsubscribe.
 */
export function subscribeOrderChanges(
  kv: KV,
  logger: Logger,
  onChange: (message: OrderChangeMessage) => void,
  onMissed: (since: Date) => void = () => undefined,
): () => Promise<void> {
  const stopListening = kv.onResubscribed(onMissed);
  const unsubscribe = subscribeWithRetry(
    kv,
    ORDERS_CHANNEL,
    (raw) => {
      let message: OrderChangeMessage;
      try {
        message = JSON.parse(raw) as OrderChangeMessage;
      } catch (error) {
        logger.warn({ err: error }, 'unreadable order change message');
        return;
      }
      onChange(message);
    },
    { logger, onLate: onMissed },
  );
  return async () => {
    stopListening();
    await unsubscribe();
  };
}
