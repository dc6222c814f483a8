/**
 * KYC changes live: a committed change is published on the KV channel `kyc:changed`; every web
 * process forwards it to its own sockets in the user's room (the profile and the verification
 * page) and in `operators` (the review queue).
 */
import { rooms } from '../../common/events';
import type { KycChangedEvent } from '../../common/kyc';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { RealtimeIO } from '../platform/realtime/types';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';

export const KYC_CHANNEL = 'kyc:changed';

/** Announces a committed change (a lost publish only delays the page until its next read). */
export async function publishKycChange(deps: { kv: KV; logger: Logger }, event: KycChangedEvent): Promise<void> {
  await deps.kv.publish(KYC_CHANNEL, JSON.stringify(event)).catch((error: unknown) => deps.logger.warn({ err: error }, 'kyc change publish failed'));
}

/** Forwards `kyc:changed` to this process's sockets; returns the unsubscribe function. */
export function attachKycLive(io: RealtimeIO, deps: { kv: KV; logger: Logger }): () => Promise<void> {
  return subscribeWithRetry(
    deps.kv,
    KYC_CHANNEL,
    (message) => {
      let event: KycChangedEvent;
      try {
        event = JSON.parse(message) as KycChangedEvent;
      } catch {
        return;
      }
      if (!Number.isSafeInteger(event.userId)) return;
      io.local.to(rooms.user(event.userId)).emit('kyc:changed', event);
      io.local.to(rooms.operators).emit('kyc:changed', event);
    },
    { logger: deps.logger },
  );
}
