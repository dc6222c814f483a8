import { io, type Socket } from 'socket.io-client';
import type { PublicConfig } from '../../../common/api';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';
import { PUBLIC_CONFIG_QUERY_KEY } from '../api/publicConfig';
import { queryClient } from '../api/queryClient';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The app's one Socket.IO connection (same origin, path `/socket.io`, cookies sent), created
 * on first use so pages that need no live data never open it.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    listenForMaintenance(socket);
  }
  return socket;
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
