/**
 * The user's page updates live: a change is published on a KV channel after its commit, and every
 * web process forwards it to its own sockets in `user:<id>` (accounts/sockets.ts joins them), and
 * changes of the review queue to the operators' room (the console's queue reloads).
 */
import { rooms } from '../../common/events';
import type { RequisiteChangedEvent } from '../../common/requisites';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { RealtimeIO } from '../platform/realtime/types';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';

export const REQUISITES_CHANNEL = 'requisites:changed';

interface Message extends RequisiteChangedEvent {
  userId: number;
  /** The operators' queue changed too (a photo arrived, a decision was taken): `requisites:queue` to `operators`. */
  queue?: boolean;
}

/** After the commit: tells the user's open pages. A lost publication only delays the page until its next load. */
export async function announceRequisiteChange(deps: { kv: KV; logger: Logger }, message: Message): Promise<void> {
  await deps.kv.publish(REQUISITES_CHANNEL, JSON.stringify(message)).catch((error: unknown) => deps.logger.warn({ err: error }, 'requisite change not published'));
}

/** Forwards published changes to this process's sockets; returns the unsubscribe function. */
export function attachRequisiteSockets(io: RealtimeIO, deps: { kv: KV; logger: Logger }): () => Promise<void> {
  return subscribeWithRetry(
    deps.kv,
    REQUISITES_CHANNEL,
    (raw) => {
      const message = JSON.parse(raw) as Message;
      if (!Number.isSafeInteger(message.userId)) return;
      io.local.to(rooms.user(message.userId)).emit('requisites:changed', { id: message.id, status: message.status });
      if (message.queue) io.local.to(rooms.operators).emit('requisites:queue', { id: message.id });
    },
    { logger: deps.logger },
  );
}
