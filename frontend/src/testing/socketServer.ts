/**
 * A real Socket.IO server for a page's UI test, and the page's socket pointed at it
 * (orders/socketSource.ts): the test emits events as the server would.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';
import type { AppSocket } from '../realtime/socket';

export interface TestSocketServer {
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  /** Whether the page's socket has connected (it connects on first use). */
  connected(): boolean;
  close(): Promise<void>;
}

export async function startTestSocketServer(): Promise<TestSocketServer> {
  const [{ io: connect }, { setOrderSocketSource }] = await Promise.all([import('socket.io-client'), import('../orders/socketSource')]);
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let socket: AppSocket | null = null;
  setOrderSocketSource(() => (socket ??= connect(url, { transports: ['websocket'] }) as AppSocket));
  return {
    io,
    connected: () => socket?.connected === true,
    async close() {
      socket?.disconnect();
      setOrderSocketSource(null);
      await io.close();
    },
  };
}

/**
 * Points the page's socket at nothing: it never connects, so no `connect` reload runs. For a test of
 * a page's own loading error and its "Try again": a reload a connection starts while the API still
 * fails would be joined by the click (react-query shares a fetch in flight of a query without data).
 * The test's afterEach resets the source as usual.
 */
export async function useOfflineSocket(): Promise<void> {
  const [{ io: connect }, { setOrderSocketSource }] = await Promise.all([import('socket.io-client'), import('../orders/socketSource')]);
  let socket: AppSocket | null = null;
  setOrderSocketSource(() => (socket ??= connect('http://127.0.0.1:9', { autoConnect: false, transports: ['websocket'] }) as AppSocket));
}
