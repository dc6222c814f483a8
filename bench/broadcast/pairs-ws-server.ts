/**
 * Bench child: the baseline of the catalogue-scale run. A raw `ws` server on 127.0.0.1 whose
 * clients name their room in the URL (`/?room=rate:G0001>G0002`). On `broadcast` it sends each
 * recorded frame — the room and the exact text the real server wrote — to that room's clients,
 * the plain way: one buffer per frame, `send` to each of the room's clients in turn.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { runChild, serveParent, sharedClock, tell } from '../lib/child';

async function main(): Promise<void> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, backlog: 4096 });
  const rooms = new Map<string, Set<WebSocket>>();
  server.on('connection', (socket, request) => {
    const room = new URL(request.url ?? '/', 'http://localhost').searchParams.get('room') ?? '';
    let members = rooms.get(room);
    if (!members) rooms.set(room, (members = new Set()));
    members.add(socket);
    socket.once('close', () => members.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  serveParent((message) => {
    if (message.type === 'broadcast') {
      const frames = message.frames as Array<[string, string]>;
      const emitAt = sharedClock();
      for (const [room, text] of frames) {
        const members = rooms.get(room);
        if (members === undefined || members.size === 0) continue;
        const data = Buffer.from(text);
        for (const client of members) client.send(data, { binary: false });
      }
      tell({ type: 'broadcasted', emitAt, emitMs: sharedClock() - emitAt });
    }
    if (message.type === 'memory') {
      globalThis.gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      tell({ type: 'memory', rss, heapUsed, external, sockets: server.clients.size });
    }
  });
  const address = server.address();
  tell({ type: 'ready', port: typeof address === 'object' && address !== null ? address.port : 0 });
}

runChild(main);
