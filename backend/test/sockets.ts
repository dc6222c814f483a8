/** Socket.IO clients for integration tests of the realtime handlers. */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../common/events';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Opens a websocket-only client (no reconnection) with an optional cookie and language; resolves once connected. */
export async function openClient(
  url: string,
  options: { cookie?: string; lang?: string; transports?: Array<'websocket' | 'polling'> } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.lang ? { lang: options.lang } : {},
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every `event` the socket receives from now on, in order. */
export function record<E extends EventName>(socket: ClientSocket, event: E): Payload<E>[] {
  const received: Payload<E>[] = [];
  (socket as unknown as Socket).on(event as string, (payload: Payload<E>) => received.push(payload));
  return received;
}

/** The next `event` matching `matches`, or a rejection after timeoutMs. */
export function nextEvent<E extends EventName>(
  socket: ClientSocket,
  event: E,
  matches: (payload: Payload<E>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Payload<E>> {
  const raw = socket as unknown as Socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      raw.off(event as string, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Payload<E>) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      raw.off(event as string, listener);
      resolve(payload);
    };
    raw.on(event as string, listener);
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
