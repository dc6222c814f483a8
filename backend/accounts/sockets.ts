import Keygrip from 'keygrip';
import { rooms } from '../../common/events';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { RealtimeIO } from '../platform/realtime/types';
import { SESSION_ENDED_CHANNEL, SESSIONS_ENDED_CHANNEL, sessionOfHandshake } from './sessions';
import { opaqueSessionId } from './sessionIndex';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';

/**
 * Ties Socket.IO to the account sessions: a handshake carrying a signed-in session cookie joins
 * the room `user:<id>`; when that user's sessions end (sign-out everywhere, password change,
 * block, delete) every process disconnects its own sockets in the room (the KV channel reaches
 * every web process, so each acts locally); when an admin ends one session, only the sockets of
 * that session go. Returns the unsubscribe function.
 */
export async function attachAccountSockets(io: RealtimeIO, deps: { kv: KV; sessionKeys: string[]; logger: Logger }): Promise<() => Promise<void>> {
  const keys = new Keygrip(deps.sessionKeys);
  io.use((socket, next) => {
    sessionOfHandshake(deps.kv, keys, socket.request)
      .then(async (session) => {
        if (session !== null) {
          socket.data.userId = session.userId;
          socket.data.session = opaqueSessionId(session.sessionId);
          await socket.join(rooms.user(session.userId));
        }
        next();
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'socket session lookup failed; connecting signed out');
        next();
      });
  });
  const unsubscribeAll = subscribeWithRetry(
    deps.kv,
    SESSIONS_ENDED_CHANNEL,
    (message) => {
      const userId = Number(message);
      if (Number.isSafeInteger(userId)) io.local.in(rooms.user(userId)).disconnectSockets(true);
    },
    { logger: deps.logger },
  );
  const unsubscribeOne = subscribeWithRetry(
    deps.kv,
    SESSION_ENDED_CHANNEL,
    (message) => {
      const [user, session] = message.split(':');
      const userId = Number(user);
      if (!Number.isSafeInteger(userId) || !session) return;
      io.local
        .in(rooms.user(userId))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) if (socket.data.session === session) socket.disconnect(true);
        })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'disconnecting the sockets of an ended session failed'));
    },
    { logger: deps.logger },
  );
  return async () => {
    await Promise.all([unsubscribeAll(), unsubscribeOne()]);
  };
}
