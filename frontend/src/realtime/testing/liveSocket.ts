/**
 * UI tests of live pages: a real Socket.IO server on a free port, and the app's socket source
 * pointed at it (websocket only). `stop` closes both and restores the app's connection.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../common/events';

export interface LiveSocket {
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  url: string;
  /** Whether the page's socket is connected (a test waits for it before emitting). */
  connected(): boolean;
  stop(): Promise<void>;
}

/** Starts the server on `http` (a new one unless given: an API server may share it). */
export async function startLiveSocket(http = createServer()): Promise<LiveSocket> {
  const [{ io: connect }, { setOrderSocketSource }] = await Promise.all([import('socket.io-client'), import('../../orders/socketSource')]);
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http);
  if (!http.listening) await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let client: ReturnType<typeof connect> | null = null;
  setOrderSocketSource(() => (client ??= connect(url, { transports: ['websocket'] })));
  return {
    io,
    url,
    connected: () => client?.connected === true,
    async stop() {
      client?.disconnect();
      setOrderSocketSource(null);
      await io.close();
    },
  };
}
