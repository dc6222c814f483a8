/**
 * The socket the order pages (and the KYC status) use: the app's one connection, replaceable in
 * component tests. The app's is loaded on first use, so the Socket.IO client is not part of an
 * order page's first screen (issue 17): the page shows the order, then goes live.
 */
import type { AppSocket } from '../realtime/socket';

type SocketSource = () => AppSocket | Promise<AppSocket>;

const appSocket: SocketSource = () => import('../realtime/socket').then((module) => module.getSocket());
let source: SocketSource = appSocket;

export function orderSocket(): Promise<AppSocket> {
  return Promise.resolve(source());
}

/**
 * Runs `attach` with the socket once it is at hand, and returns what takes it back (for a
 * `useEffect`): if that runs first, `attach` never does.
 */
export function withOrderSocket(attach: (socket: AppSocket) => () => void): () => void {
  let detach: (() => void) | null = null;
  let gone = false;
  void orderSocket().then((socket) => {
    if (!gone) detach = attach(socket);
  });
  return () => {
    gone = true;
    detach?.();
  };
}

/** Tests point the pages at their own Socket.IO server; `null` restores the app's connection. */
export function setOrderSocketSource(next: SocketSource | null): void {
  source = next ?? appSocket;
}
