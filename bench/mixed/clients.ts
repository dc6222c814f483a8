/**
 * Bench child: a group of open pages over 127.0.0.1, one WebSocket each, speaking Engine.IO v4 /
 * Socket.IO v5 over the websocket transport only (open, namespace CONNECT, pong to every ping) —
 * the protocol the SPA's socket.io-client speaks:
 * - an order page sends `order:join {uid, secret}` once greeted (frontend/src/orders/useOrderLive.ts)
 *   and counts the `order:status` events of its order (and the `order:tick`s);
 * - a widget sends `rates:watch {pairs: [its pair], reserves: false}` (frontend/src/exchange/liveRates.ts),
 *   keeps the ack's snapshot version, and notes every `rates:pair` frame of its pair: its version
 *   `v`, and a gap when the frame's `p` (the pair's previous change) is newer than what it held.
 * Pages are spread over the web processes given (BENCH_URLS), as a load balancer would.
 */
import WebSocket from 'ws';
import { runChild, serveParent, sharedClock, sleep, tell, type BenchMessage } from '../lib/child';

const urls = (process.env.BENCH_URLS ?? '').split(',').map((base) => `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
const CONNECT_CONCURRENCY = 32;
const CONNECT_TIMEOUT_MS = 60_000;

export interface PageSpec {
  index: number;
  web: number;
  order?: { uid: string; secret: string };
  pair?: { from: string; to: string };
}

/** A page's counts as reported (PageReport, below), with its spec and socket. */
interface Page extends Omit<PageReport, 'index'> {
  spec: PageSpec;
  socket: WebSocket;
  /** Widgets: the ack's snapshot version, then the version of the last frame held. */
  held: number;
}

const pages: Page[] = [];

function onEvent(page: Page, text: string): void {
  const comma = text.indexOf(',');
  const name = text.slice(4, comma - 1);
  if (name === 'order:tick') return void (page.ticks += 1);
  if (name === 'order:status') {
    const payload = JSON.parse(text.slice(comma + 1, -1)) as { uid: string };
    if (payload.uid === page.spec.order?.uid) page.statuses += 1;
    return;
  }
  if (name === 'rates:pair') {
    const frame = JSON.parse(text.slice(comma + 1, -1)) as { k: string; v: number; p: number };
    if (frame.v <= page.held) return;
    if (frame.p > page.held) page.gaps += 1;
    page.held = frame.v;
    page.versions.push(frame.v);
  }
}

function openPage(spec: PageSpec): Promise<Page> {
  const socket = new WebSocket(urls[spec.web], { perMessageDeflate: false, origin: process.env.BENCH_ORIGIN });
  const page: Page = { spec, socket, held: 0, ackVersion: 0, versions: [], gaps: 0, statuses: 0, ticks: 0, closed: false };
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
      const text = data.toString();
      if (text === '2') return void socket.send('3'); // ping → pong
      if (text.startsWith('42[')) return onEvent(page, text);
      if (text.startsWith('0')) return void socket.send('40{"lang":"en"}'); // open → CONNECT to "/"
      if (text.startsWith('40')) {
        const ask = spec.order ? ['order:join', spec.order] : ['rates:watch', { pairs: [spec.pair], reserves: false }];
        return void socket.send(`420${JSON.stringify(ask)}`);
      }
      if (text.startsWith('430[')) {
        clearTimeout(timer);
        const answer = JSON.parse(text.slice(3)) as [{ data?: { version?: number }; error?: unknown }];
        if (!answer[0].data) return reject(new Error(`refused: ${text.slice(0, 200)}`));
        if (spec.pair) page.held = page.ackVersion = answer[0].data.version ?? 0;
        socket.once('close', () => (page.closed = true));
        resolve(page);
      }
    });
  });
}

async function openAll(specs: PageSpec[]): Promise<{ opened: number; failed: number; ms: number; firstError: string | null }> {
  const started = sharedClock();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      try {
        pages.push(await openPage(spec));
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  });
  await Promise.all(lanes);
  return { opened: pages.length, failed, ms: sharedClock() - started, firstError };
}

export interface PageReport {
  index: number;
  ackVersion: number;
  versions: number[];
  gaps: number;
  statuses: number;
  ticks: number;
  closed: boolean;
}

async function main(): Promise<void> {
  serveParent(async (message: BenchMessage) => {
    if (message.type === 'open') tell({ type: 'opened', ...(await openAll(message.pages as PageSpec[])) });
    if (message.type === 'report') {
      const report: PageReport[] = pages.map((page) => ({
        index: page.spec.index,
        ackVersion: page.ackVersion,
        versions: page.versions,
        gaps: page.gaps,
        statuses: page.statuses,
        ticks: page.ticks,
        closed: page.closed,
      }));
      tell({ type: 'report', pages: report });
    }
    if (message.type === 'close') {
      for (const page of pages) page.socket.terminate();
      await sleep(50);
      tell({ type: 'closed' });
    }
  });
  tell({ type: 'started' });
}

runChild(main);
