/**
 * Bench child: a group of order pages over 127.0.0.1 — one WebSocket each, speaking Engine.IO v4
 * / Socket.IO v5 over the websocket transport only (open, namespace CONNECT, pong to every ping),
 * each sending `order:join {uid, secret}` for its own order once greeted and counting as joined
 * on the ack's `data`. Then it records when every `order:tick` frame arrives (sharedClock, first
 * thing in the message handler): the n-th tick a page receives belongs to the harness's n-th
 * round, since the harness starts a round only once every page has the previous one.
 */
import WebSocket from 'ws';
import { runChild, serveParent, sharedClock, sleep, tell, type BenchMessage } from '../lib/child';

const url = `${process.env.BENCH_SOCKET_IO_URL}/socket.io/?EIO=4&transport=websocket`;
const CONNECT_CONCURRENCY = 64;
const CONNECT_TIMEOUT_MS = 30_000;
const TICK_PREFIX = '42["order:tick",';

interface Page {
  socket: WebSocket;
  ticks: number;
}

const pages: Page[] = [];
/** Round → receive times, one per page. */
const received = new Map<number, number[]>();
let disconnects = 0;

function onTick(page: Page, at: number): void {
  const round = page.ticks;
  page.ticks += 1;
  let times = received.get(round);
  if (!times) received.set(round, (times = []));
  times.push(at);
  if (times.length === pages.length) tell({ type: 'delivered', round });
}

function openPage(order: { uid: string; secret: string }): Promise<Page> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  const page: Page = { socket, ticks: 0 };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('join timeout'));
    }, CONNECT_TIMEOUT_MS);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (data: Buffer) => {
      const at = sharedClock();
      const first = data[0];
      if (data.length === 1 && first === 0x32) return void socket.send('3'); // ping → pong
      if (data.toString('latin1', 0, TICK_PREFIX.length) === TICK_PREFIX) return onTick(page, at);
      if (first === 0x30) return void socket.send('40{"lang":"en"}'); // open → CONNECT to "/"
      const head = data.toString('latin1', 0, 17);
      if (head === '42["server:hello"') return void socket.send(`420${JSON.stringify(['order:join', order])}`);
      if (head.startsWith('430[')) {
        clearTimeout(timer);
        if (!data.toString('latin1', 0, 16).startsWith('430[{"data"')) return reject(new Error(`join refused: ${data.toString().slice(0, 200)}`));
        socket.once('close', () => (disconnects += 1));
        resolve(page);
      }
    });
  });
}

async function joinAll(orders: { uid: string; secret: string }[]): Promise<{ joined: number; failed: number; ms: number; firstError: string | null }> {
  const started = sharedClock();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < orders.length) {
      const order = orders[next++];
      try {
        pages.push(await openPage(order));
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  });
  await Promise.all(lanes);
  return { joined: pages.length, failed, ms: sharedClock() - started, firstError };
}

async function main(): Promise<void> {
  serveParent(async (message: BenchMessage) => {
    if (message.type === 'join') tell({ type: 'joined', ...(await joinAll(message.orders as { uid: string; secret: string }[])) });
    if (message.type === 'report') tell({ type: 'report', received: [...received], disconnects });
    if (message.type === 'close') {
      for (const page of pages) page.socket.terminate();
      await sleep(50);
      tell({ type: 'closed' });
    }
  });
  tell({ type: 'started' });
}

runChild(main);
