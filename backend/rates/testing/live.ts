/**
 * Test support for the live rates: a worker beside a test server (sharing its KV and database,
 * or with connections of its own like a separate process), and a Socket.IO client that records
 * every `rates:update` and `reserves:update` it receives (the `rates` room: the whole feed).
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PairRateFrame, RatesDto, RatesUpdate, ReservesUpdate, ServerToClientEvents } from '../../../common/events';
import type { RatesWatch } from '../../../common/ratesScope';
import { createDatabase } from '../../platform/db';
import { createKV } from '../../platform/kv';
import type { TestServer } from '../../test/server';
import { startWorker, type RunningWorker } from '../../workers';
import type { RatesJobOptions } from '../job';
import type { ReferralJobOptions } from '../../referral/job';

/** Ticks fast enough for tests; snapshots hold long enough for a test to read a stopped worker's. */
export const TEST_TICK_MS = 100;
export const TEST_HOLDS_FOR_MS = 10 * 60_000;

export interface TestWorkerOptions extends RatesJobOptions {
  /** Own KV and database connections, as a separate worker process has (needs Redis). */
  ownConnections?: boolean;
  leader?: { ttlMs?: number; renewEveryMs?: number };
  /** The referral release job's tick and clock. */
  referral?: ReferralJobOptions;
}

export async function startTestWorker(server: TestServer, options: TestWorkerOptions = {}): Promise<RunningWorker> {
  const { ownConnections = false, leader, referral, ...rates } = options;
  const jobOptions: RatesJobOptions = { tickMs: TEST_TICK_MS, holdsForMs: TEST_HOLDS_FOR_MS, ...rates };
  if (!ownConnections) {
    return startWorker({ config: server.config, logger: server.logger, kv: server.kv, db: server.db, services: server.services, rates: jobOptions, leader, referral });
  }
  if (server.kv.kind !== 'redis') throw new Error('a worker with its own connections needs Redis');
  const kv = createKV(server.config, server.logger);
  const db = createDatabase(server.config, server.logger);
  const worker = await startWorker({ config: server.config, logger: server.logger, kv, db, services: server.services, rates: jobOptions, leader, referral });
  return {
    ...worker,
    isLeader: () => worker.isLeader(),
    async close() {
      await worker.close();
      await Promise.allSettled([kv.close(), db.close()]);
    },
  };
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Records what one client receives, in order; `waitFor…` resolve on a past or future match. */
export interface RatesClient {
  socket: ClientSocket;
  rates: RatesUpdate[];
  reserves: ReservesUpdate[];
  waitForRates(matches?: (update: RatesUpdate) => boolean): Promise<RatesUpdate>;
  waitForReserves(matches?: (update: ReservesUpdate) => boolean): Promise<ReservesUpdate>;
  close(): void;
}

function recorder<T>(list: T[]) {
  const waiters: Array<{ matches: (item: T) => boolean; resolve: (item: T) => void }> = [];
  return {
    push(item: T) {
      list.push(item);
      for (const waiter of waiters.filter((w) => w.matches(item))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    },
    waitFor(matches: (item: T) => boolean = () => true): Promise<T> {
      const found = list.find(matches);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ matches, resolve }));
    },
  };
}

/** A new websocket-only client of `url`, without reconnection. */
function openSocket(url: string, lang: string): ClientSocket {
  return connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { lang } });
}

/** Resolves once the server has accepted the connection (its greeting). */
function accepted(socket: ClientSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('server:hello', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Connects to `url` and resolves once the server has accepted the connection. */
export async function connectRatesClient(url: string, lang = 'en'): Promise<RatesClient> {
  const socket = openSocket(url, lang);
  const rates: RatesUpdate[] = [];
  const reserves: ReservesUpdate[] = [];
  const ratesRecorder = recorder(rates);
  const reservesRecorder = recorder(reserves);
  socket.on('rates:update', (update) => ratesRecorder.push(update));
  socket.on('reserves:update', (update) => reservesRecorder.push(update));
  await accepted(socket);
  // The whole feed: the `rates` room.
  await socket.timeout(5000).emitWithAck('rates:subscribe');
  return {
    socket,
    rates,
    reserves,
    waitForRates: (matches) => ratesRecorder.waitFor(matches),
    waitForReserves: (matches) => reservesRecorder.waitFor(matches),
    close: () => socket.disconnect(),
  };
}

/** A page's socket: watches a scope (common/ratesScope.ts) and records the frames it receives. */
export interface WatchingClient {
  socket: ClientSocket;
  /** The ack of the watch: the snapshot the frames apply to. */
  snapshot: RatesDto;
  frames: PairRateFrame[];
  reserves: ReservesUpdate[];
  /** `rates:update` frames (none unless the socket also subscribed to the whole feed). */
  updates: RatesUpdate[];
  waitForFrame(matches?: (frame: PairRateFrame) => boolean): Promise<PairRateFrame>;
  waitForReserves(matches?: (update: ReservesUpdate) => boolean): Promise<ReservesUpdate>;
  close(): void;
}

export async function connectWatchingClient(url: string, watch: RatesWatch): Promise<WatchingClient> {
  const socket = openSocket(url, 'en');
  const frames: PairRateFrame[] = [];
  const reserves: ReservesUpdate[] = [];
  const updates: RatesUpdate[] = [];
  const frameRecorder = recorder(frames);
  const reservesRecorder = recorder(reserves);
  socket.on('rates:pair', (frame) => frameRecorder.push(frame));
  socket.on('reserves:update', (update) => reservesRecorder.push(update));
  socket.on('rates:update', (update) => updates.push(update));
  await accepted(socket);
  const answer = await socket.timeout(5000).emitWithAck('rates:watch', watch);
  if (!('data' in answer)) throw new Error(`rates:watch refused: ${JSON.stringify(answer)}`);
  return {
    socket,
    snapshot: answer.data,
    frames,
    reserves,
    updates,
    waitForFrame: (matches) => frameRecorder.waitFor(matches),
    waitForReserves: (matches) => reservesRecorder.waitFor(matches),
    close: () => socket.disconnect(),
  };
}
