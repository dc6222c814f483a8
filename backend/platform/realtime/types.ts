import type { Server, Socket } from 'socket.io';
import type { Lang } from '../../../common/api';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';

/** Events between server processes (none yet: the Redis adapter carries broadcasts). */
export type InterServerEvents = Record<string, never>;

/** What the server keeps per socket. */
export interface SocketData {
  lang: Lang;
  /** The signed-in user of the handshake's session cookie (backend/accounts/sockets.ts). */
  userId?: number;
  /** The opaque name of that session (never its id), so ending one session disconnects its sockets. */
  session?: string;
  /** That user's role when it is operator or admin (the socket is then in `operators`). */
  role?: 'operator' | 'admin';
}

export type RealtimeIO = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
