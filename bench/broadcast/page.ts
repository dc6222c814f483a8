/**
 * One bench page on a raw websocket (bench/broadcast/clients.ts, pair-clients.ts): on the
 * `socket.io` side Engine.IO's handshake by hand (ping → pong, open → CONNECT to "/"), then
 * `join` (a packet with ack id 0) once greeted, and connected when its ack comes (`acked` may
 * refuse it); on the `ws` side connected when open. Every other message goes to `onFrame` with
 * its arrival on the shared clock.
 */
import WebSocket from 'ws';
import { sharedClock } from '../lib/child';

export interface PageOptions {
  url: string;
  side: 'socket.io' | 'ws';
  timeoutMs: number;
  /** The packet sent once greeted (`420[...]`). */
  join: string;
  /** The ack of `join` (`430…`): null accepts it, an error refuses the page. */
  acked(data: Buffer): Error | null;
  onFrame(data: Buffer, at: number): void;
  onClose(): void;
}

export function connectPage(options: PageOptions): Promise<WebSocket> {
  const socket = new WebSocket(options.url, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('connect timeout'));
    }, options.timeoutMs);
    const connected = () => {
      clearTimeout(timer);
      socket.once('close', options.onClose);
      resolve(socket);
    };
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (data: Buffer) => {
      const at = sharedClock();
      if (options.side === 'socket.io') {
        const first = data[0];
        if (data.length === 1 && first === 0x32) return void socket.send('3'); // ping → pong
        if (first === 0x30) return void socket.send('40{"lang":"en"}'); // open → CONNECT to "/"
        if (data.toString('latin1', 0, 17) === '42["server:hello"') return void socket.send(options.join);
        if (data.toString('latin1', 0, 3) === '430') {
          const refused = options.acked(data);
          return refused ? reject(refused) : connected();
        }
      }
      options.onFrame(data, at);
    });
    if (options.side === 'ws') socket.once('open', connected);
  });
}
