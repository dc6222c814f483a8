/**
 * Bench child: the baseline of the broadcast bench. A raw `ws` server on 127.0.0.1 that sends
 * the frames it is given — the exact Socket.IO frame texts the real server emitted — to every
 * connected client, the plain way: one prebuilt buffer, `send` to each client in turn.
 */
import { WebSocketServer } from 'ws';
import { runChild, serveParent, sharedClock, tell } from '../lib/child';

async function main(): Promise<void> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, backlog: 4096 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  serveParent((message) => {
    if (message.type === 'broadcast') {
      const frames = (message.frames as string[]).map((frame) => Buffer.from(frame));
      const emitAt: number[] = [];
      const emitMs: number[] = [];
      for (const data of frames) {
        const started = sharedClock();
        for (const client of server.clients) client.send(data, { binary: false });
        emitAt.push(started);
        emitMs.push(sharedClock() - started);
      }
      tell({ type: 'broadcasted', emitAt, emitMs });
    }
    if (message.type === 'sockets') tell({ type: 'sockets', count: server.clients.size });
  });
  const address = server.address();
  tell({ type: 'ready', port: typeof address === 'object' && address !== null ? address.port : 0 });
}

runChild(main);
