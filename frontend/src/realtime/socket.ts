import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The app's one Socket.IO connection (same origin, path `/socket.io`, cookies sent), created
 * on first use so pages that need no live data never open it.
 */
export function getSocket(): AppSocket {
  socket ??= io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
  return socket;
}

/** Closes the connection (e.g. on sign-out); the next `getSocket()` opens a fresh one. */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}
