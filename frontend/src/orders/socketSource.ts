/** The socket the order pages use: the app's one connection, replaceable in component tests. */
import { getSocket, type AppSocket } from '../realtime/socket';

let source: () => AppSocket = getSocket;

export function orderSocket(): AppSocket {
  return source();
}

/** Tests point the pages at their own Socket.IO server; `null` restores the app's connection. */
export function setOrderSocketSource(next: (() => AppSocket) | null): void {
  source = next ?? getSocket;
}
