import { io, type Socket } from 'socket.io-client';
import type { PublicConfig } from '../../../common/api';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';
import { PUBLIC_CONFIG_QUERY_KEY } from '../api/publicConfig';
import { queryClient } from '../api/queryClient';
import { useSessionStore } from '../stores/session';

function currentUserId(): number | null {
  return useSessionStore.getState().user?.id ?? null;
}

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** The user whose session cookie the connection's handshake carried (the server joined `user:<id>` then). */
let handshakeUser: number | null = null;

/**
 * The app's one Socket.IO connection (same origin, path `/socket.io`, cookies sent), created
 * on first use so pages that need no live data never open it.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    handshakeUser = currentUserId();
    socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    listenForMaintenance(socket);
  }
  return socket;
}

/**
 * The connection as `userId`'s: a connection opened before that user signed in (its handshake had
 * no session, so the server never put it in `user:<id>`) reconnects, and its new handshake joins.
 */
export function getUserSocket(userId: number): AppSocket {
  const current = getSocket();
  if (handshakeUser !== userId) {
    handshakeUser = userId;
    current.disconnect().connect();
  }
  return current;
}

/** Maintenance switched on or off: the notice (layout/MaintenanceNotice.tsx) follows at once. */
export function listenForMaintenance(target: AppSocket): void {
  target.on('maintenance:changed', ({ enabled }) => {
    queryClient.setQueryData<PublicConfig>(PUBLIC_CONFIG_QUERY_KEY, (config) => (config ? { ...config, maintenance: enabled } : config));
  });
}

/** Closes the connection (e.g. on sign-out); the next `getSocket()` opens a fresh one. */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}
