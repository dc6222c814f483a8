/**
 * How order changes travel from whoever made them (a web process answering a customer or an
 * operator, the worker expiring an order) to every web process, which forwards them to its own
 * sockets in `order:<uid>` and `operators`. One KV channel; the message carries both views.
 */
import type { OperatorOrderDto, OrderDto } from '../../common/orders';
import type { Logger } from '../lib/logger';
import { subscribeWithRetry } from '../lib/kv/subscribeWithRetry';
import type { KV } from '../lib/kv/types';

export const ORDERS_CHANNEL = 'orders:changed';

export interface OrderChangeMessage {
  /** `status` for every change; `recalc` when the amounts were recalculated (also a change). */
  kind: 'status' | 'recalc';
  /** The customer's view after the change. */
  order: OrderDto;
  /** The operators' view after the change. */
  operator: OperatorOrderDto;
}

export async function publishOrderChange(kv: KV, message: OrderChangeMessage): Promise<void> {
  await kv.publish(ORDERS_CHANNEL, JSON.stringify(message));
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
