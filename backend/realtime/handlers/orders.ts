import type { ApiErrorBody } from '../../../common/api';
import { ErrorCode } from '../../../common/api';
import { rooms } from '../../../common/events';
import type { Translate } from '../../lib/i18n';
import type { RealtimeSocket } from '../types';

const UID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_SECRET_LENGTH = 256;

function isJoinPayload(payload: unknown): payload is { uid: string; secret: string } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { uid, secret } = payload as Record<string, unknown>;
  return (
    typeof uid === 'string' &&
    UID_RE.test(uid) &&
    typeof secret === 'string' &&
    secret.length > 0 &&
    secret.length <= MAX_SECRET_LENGTH
  );
}

function failure(t: Translate, code: ErrorCode): { error: ApiErrorBody } {
  return { error: { code, message: t(`errors.${code}`) } };
}

/**
 * `order:join {uid, secret}` → joins `order:<uid>` once the secret matches. No orders exist yet
 * (the orders issue adds them), so every well-formed request answers not_found — exactly what a
 * wrong secret will answer too. `order:leave {uid}` leaves that room.
 */
export function registerOrderHandlers(socket: RealtimeSocket, t: Translate): void {
  socket.on('order:join', (payload, ack) => {
    if (typeof ack !== 'function') return;
    if (!isJoinPayload(payload)) {
      ack(failure(t, ErrorCode.ValidationFailed));
      return;
    }
    ack(failure(t, ErrorCode.NotFound));
  });

  socket.on('order:leave', (payload) => {
    const uid = (payload as { uid?: unknown } | null)?.uid;
    if (typeof uid === 'string' && UID_RE.test(uid)) void socket.leave(rooms.order(uid));
  });
}
