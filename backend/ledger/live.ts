/**
 * The partner's page and the console update live: a change is published on a KV channel after
 * its commit, and every web process forwards it to its own sockets: `partner:changed` to the
 * partner's `user:<id>` room, `operators:withdrawals` to `operators` for a withdrawal request.
 * The referral programme announces its rewards and referrals the same way (kind 'reward' | 'referral').
 */
import { rooms } from '../../common/events';
import type { PartnerChangedEvent, WithdrawalStatus } from '../../common/referral';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { RealtimeIO } from '../platform/realtime/types';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';

export const PARTNER_CHANNEL = 'partner:changed';

export interface PartnerChangeMessage extends PartnerChangedEvent {
  userId: number;
  /** A withdrawal request's change: the operators' list reloads too. */
  withdrawal?: { id: number; status: WithdrawalStatus };
}

/** After the commit. A lost publication only delays the page until its next load. */
export async function announcePartnerChange(deps: { kv: KV; logger: Logger }, message: PartnerChangeMessage): Promise<void> {
  await deps.kv.publish(PARTNER_CHANNEL, JSON.stringify(message)).catch((error: unknown) => deps.logger.warn({ err: error }, 'partner change not published'));
}

/** Forwards published changes to this process's sockets; returns the unsubscribe function. */
export function attachPartnerSockets(io: RealtimeIO, deps: { kv: KV; logger: Logger }): () => Promise<void> {
  return subscribeWithRetry(
    deps.kv,
    PARTNER_CHANNEL,
    (raw) => {
      const message = JSON.parse(raw) as PartnerChangeMessage;
      if (!Number.isSafeInteger(message.userId)) return;
      io.local.to(rooms.user(message.userId)).emit('partner:changed', { kind: message.kind });
      if (message.withdrawal) io.local.to(rooms.operators).emit('operators:withdrawals', { id: message.withdrawal.id, status: message.withdrawal.status });
    },
    { logger: deps.logger },
  );
}
