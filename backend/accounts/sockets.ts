import Keygrip from 'keygrip';
import { rooms } from '../../common/events';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { RealtimeIO } from '../platform/realtime/types';
import { SESSIONS_ENDED_CHANNEL, userIdOfHandshake } from './sessions';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';

/**
 * Ties Socket.IO to the account sessions: a handshake carrying a signed-in session cookie joins
 * the room `user:<id>`; when that user's sessions end (sign-out everywhere, password change,
 * block, delete) every process disconnects its own sockets in the room (the KV channel reaches
 * every web process, so each acts locally). Returns the unsubscribe function.
 */
export async function attachAccountSockets(io: RealtimeIO, deps: { kv: KV; sessionKeys: string[]; logger: Logger }): Promise<() => Promise<void>> {
  const keys = new Keygrip(deps.sessionKeys);
  io.use((socket, next) => {
    userIdOfHandshake(deps.kv, keys, socket.request)
      .then(async (userId) => {
        if (userId !== null) {
          socket.data.userId = userId;
          await socket.join(rooms.user(userId));
        }
        next();
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'socket session lookup failed; connecting signed out');
        next();
      });
  });
  return subscribeWithRetry(
    deps.kv,
    SESSIONS_ENDED_CHANNEL,
    (message) => {
      const userId = Number(message);
      if (Number.isSafeInteger(userId)) io.local.in(rooms.user(userId)).disconnectSockets(true);
    },
    { logger: deps.logger },
  );
}
