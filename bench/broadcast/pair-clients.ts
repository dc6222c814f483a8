/**
 * Bench child: a group of pages each watching ONE pair, as the exchange widget does — connected
 * to the real server (`socket.io`) and, the same pages again, to the raw baseline (`ws`), over
 * 127.0.0.1. The harness hands the group its pairs (`watch`); each client then connects to both.
 *
 * Towards the real server a client speaks Engine.IO v4 / Socket.IO v5 over the websocket
 * transport only (open packet, CONNECT with `auth`, pong to every ping), sends
 * `rates:watch {pairs: [its pair], reserves: false}` once greeted and counts as connected on the
 * ack carrying the pair's rate. Towards the baseline it names its room in the URL and is connected
 * once open. Each `rates:pair` frame's receive time is taken first thing in the message handler
 * (sharedClock) and filed under the frame's version `v`. Every 50th client hashes each frame it
 * gets on both sides; the group reports how many of those frames differ between the two.
 */
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { runChild, serveParent, sharedClock, sleep, tell, type BenchMessage } from '../lib/child';
import { connectPage } from './page';

export type Side = 'socket.io' | 'ws';

const urls: Record<Side, string> = {
  'socket.io': `${process.env.BENCH_SOCKET_IO_URL}/socket.io/?EIO=4&transport=websocket`,
  ws: process.env.BENCH_WS_URL as string,
};
const CONNECT_CONCURRENCY = 64;
const CONNECT_TIMEOUT_MS = 30_000;
const PAIR_PREFIX = '42["rates:pair",';
const VERSION_RE = /"v":(\d+)/;
const PROBE_EVERY = 50;

interface Receipts {
  /** Receive times of each version, one per frame a client got. */
  received: Map<number, number[]>;
  /** Clients of this group the harness expects each version at (set by `expect`). */
  expected: Map<number, number>;
  /** `client:version` → SHA-256 of the frame, for the probed clients. */
  probe: Map<string, string>;
  bytes: number;
  frames: number;
  disconnects: number;
  sockets: WebSocket[];
}

const sides: Record<Side, Receipts> = {
  'socket.io': { received: new Map(), expected: new Map(), probe: new Map(), bytes: 0, frames: 0, disconnects: 0, sockets: [] },
  ws: { received: new Map(), expected: new Map(), probe: new Map(), bytes: 0, frames: 0, disconnects: 0, sockets: [] },
};
let rooms: string[] = [];

function checkDelivered(side: Side, version: number): void {
  const expected = sides[side].expected.get(version);
  if (expected !== undefined && (sides[side].received.get(version)?.length ?? 0) >= expected) {
    sides[side].expected.delete(version);
    tell({ type: 'delivered', side, version });
  }
}

function onFrame(side: Side, data: Buffer, index: number, at: number): void {
  if (data.length < PAIR_PREFIX.length || data.toString('latin1', 0, PAIR_PREFIX.length) !== PAIR_PREFIX) return;
  const match = VERSION_RE.exec(data.toString('latin1', 0, 96));
  if (!match) return;
  const version = Number(match[1]);
  const receipts = sides[side];
  let times = receipts.received.get(version);
  if (!times) receipts.received.set(version, (times = []));
  times.push(at);
  receipts.bytes += data.length;
  receipts.frames += 1;
  if (index % PROBE_EVERY === 0) receipts.probe.set(`${index}:${version}`, createHash('sha256').update(data).digest('hex'));
  checkDelivered(side, version);
}

function connectOne(side: Side, index: number): Promise<WebSocket> {
  const [from, to] = rooms[index].slice('rate:'.length).split('>');
  return connectPage({
    url: side === 'ws' ? `${urls.ws}/?room=${encodeURIComponent(rooms[index])}` : urls[side],
    side,
    timeoutMs: CONNECT_TIMEOUT_MS,
    // Greeted: watch the one pair, as the widget does (ack id 0); connected once acked with data.
    join: `420${JSON.stringify(['rates:watch', { pairs: [{ from, to }], reserves: false }])}`,
    acked: (data) => (data.toString('latin1', 0, 12) === '430[{"data":' ? null : new Error(`rates:watch refused: ${data.toString('utf8', 0, 200)}`)),
    onFrame: (data, at) => onFrame(side, data, index, at),
    onClose: () => (sides[side].disconnects += 1),
  });
}

async function connectAll(side: Side): Promise<{ connected: number; failed: number; ms: number; firstError: string | null }> {
  const started = sharedClock();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < rooms.length) {
      const index = next++;
      try {
        sides[side].sockets.push(await connectOne(side, index));
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  });
  await Promise.all(lanes);
  return { connected: sides[side].sockets.length, failed, ms: sharedClock() - started, firstError };
}

/** Frames of the probed clients that differ between the two sides, of those both received. */
function compareProbes(): { compared: number; differ: number } {
  let compared = 0;
  let differ = 0;
  for (const [key, hash] of sides['socket.io'].probe) {
    const other = sides.ws.probe.get(key);
    if (other === undefined) continue;
    compared += 1;
    if (other !== hash) differ += 1;
  }
  return { compared, differ };
}

async function main(): Promise<void> {
  serveParent(async (message: BenchMessage) => {
    if (message.type === 'watch') {
      rooms = message.rooms as string[];
      const realServer = await connectAll('socket.io');
      const baseline = await connectAll('ws');
      tell({ type: 'connected', 'socket.io': realServer, ws: baseline });
    }
    if (message.type === 'expect') {
      const side = message.side as Side;
      const version = message.version as number;
      const sent = new Set(message.rooms as string[]);
      sides[side].expected.set(version, rooms.reduce((sum, room) => sum + (sent.has(room) ? 1 : 0), 0));
      checkDelivered(side, version);
    }
    if (message.type === 'report') {
      const report = (side: Side) => ({
        received: [...sides[side].received],
        bytes: sides[side].bytes,
        frames: sides[side].frames,
        disconnects: sides[side].disconnects,
      });
      tell({ type: 'report', 'socket.io': report('socket.io'), ws: report('ws'), probes: compareProbes() });
    }
    if (message.type === 'close') {
      for (const socket of [...sides['socket.io'].sockets, ...sides.ws.sockets]) socket.terminate();
      await sleep(50);
      tell({ type: 'closed' });
    }
  });
  tell({ type: 'listening' });
}

runChild(main);
