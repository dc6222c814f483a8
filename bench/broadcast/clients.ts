/**
 * Bench child: a group of WebSocket clients over 127.0.0.1 — BENCH_CLIENTS connected to the real
 * server (`socket.io`) and as many to the raw baseline (`ws`) — recording when each
 * `rates:update` arrives (sharedClock, taken first thing in the message handler).
 *
 * Both servers are measured with the same client code, so the clients' own cost is identical:
 * against the real server a client speaks the Engine.IO v4 / Socket.IO v5 protocol over the
 * websocket transport only — open packet, namespace CONNECT with `auth`, pong to every ping —
 * joins the `rates` room (`rates:subscribe`, as a page watching the whole feed does) and counts as
 * connected on its ack; against the baseline it is
 * connected once open. The first client of each kind keeps a SHA-256 of every update's bytes,
 * so the harness can check that both servers sent exactly the frames Socket.IO encoded.
 */
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { runChild, serveParent, sharedClock, sleep, tell } from '../lib/child';
import { connectPage } from './page';

export type Side = 'socket.io' | 'ws';

const count = Number(process.env.BENCH_CLIENTS);
const urls: Record<Side, string> = {
  'socket.io': `${process.env.BENCH_SOCKET_IO_URL}/socket.io/?EIO=4&transport=websocket`,
  ws: process.env.BENCH_WS_URL as string,
};
const CONNECT_CONCURRENCY = 64;
const CONNECT_TIMEOUT_MS = 20_000;
const RATES_PREFIX = '42["rates:update",';
const VERSION_RE = /^42\["rates:update",\{"version":(\d+)/;

interface Receipts {
  /** Receive times of each version, one per client that got it. */
  received: Map<number, number[]>;
  /** SHA-256 and size of each version as client 0 received it. */
  probe: Map<number, { sha256: string; bytes: number }>;
  disconnects: number;
  sockets: WebSocket[];
}

const sides: Record<Side, Receipts> = {
  'socket.io': { received: new Map(), probe: new Map(), disconnects: 0, sockets: [] },
  ws: { received: new Map(), probe: new Map(), disconnects: 0, sockets: [] },
};

function onFrame(side: Side, data: Buffer, index: number, at: number): void {
  if (data.length < RATES_PREFIX.length || data.toString('latin1', 0, RATES_PREFIX.length) !== RATES_PREFIX) return;
  const match = VERSION_RE.exec(data.toString('latin1', 0, 64));
  if (!match) return;
  const version = Number(match[1]);
  const { received, probe } = sides[side];
  let times = received.get(version);
  if (!times) received.set(version, (times = []));
  times.push(at);
  if (index === 0) probe.set(version, { sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length });
  if (times.length === count) tell({ type: 'delivered', side, version });
}

function connectOne(side: Side, index: number): Promise<WebSocket> {
  return connectPage({
    url: urls[side],
    side,
    timeoutMs: CONNECT_TIMEOUT_MS,
    // Greeted: join the whole feed's room (`rates:subscribe`, ack id 0), connected once acked.
    join: '420["rates:subscribe"]',
    acked: () => null,
    onFrame: (data, at) => onFrame(side, data, index, at),
    onClose: () => (sides[side].disconnects += 1),
  });
}

async function connectAll(side: Side): Promise<{ connected: number; failed: number; ms: number }> {
  const started = sharedClock();
  let next = 0;
  let failed = 0;
  const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < count) {
      const index = next++;
      try {
        sides[side].sockets.push(await connectOne(side, index));
      } catch {
        failed += 1;
      }
    }
  });
  await Promise.all(lanes);
  return { connected: sides[side].sockets.length, failed, ms: sharedClock() - started };
}

async function main(): Promise<void> {
  serveParent(async (message) => {
    if (message.type === 'report') {
      const report = (side: Side) => ({ received: [...sides[side].received], probe: [...sides[side].probe], disconnects: sides[side].disconnects });
      tell({ type: 'report', 'socket.io': report('socket.io'), ws: report('ws') });
    }
    if (message.type === 'close') {
      for (const socket of [...sides['socket.io'].sockets, ...sides.ws.sockets]) socket.terminate();
      await sleep(50);
      tell({ type: 'closed' });
    }
  });
  const realServer = await connectAll('socket.io');
  const baseline = await connectAll('ws');
  tell({ type: 'connected', 'socket.io': realServer, ws: baseline });
}

runChild(main);
