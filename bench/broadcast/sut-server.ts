/**
 * Bench child: the system under test of the broadcast bench. The real web server (startServer,
 * embedded defaults) whose RatesStore pushes `rates:update` to its own sockets. On `publish` it
 * runs one tick the way the worker does (poll the simulated feed, compute every direction of the
 * seeded catalogue, advance the snapshot, publishSnapshot into the KV); the store picks the change
 * up and emits it. The emit time is recorded around the store's real broadcast (localSockets),
 * and each emitted frame is kept as the exact text Socket.IO writes, for the ws baseline to send.
 */
import type { RatesUpdate, ReservesUpdate } from '../../common/events';
import { loadCatalogue } from '../../backend/catalogue/repository';
import { advanceSnapshot, computeRates, priceSources, type RatesSnapshot } from '../../backend/rates/engine';
import { createRateFeed, simulatedSources } from '../../backend/rates/feed';
import { publishSnapshot } from '../../backend/rates/store';
import { roomBroadcast } from '../../backend/rates/rooms';
import { runChild, serveParent, sharedClock, tell } from '../lib/child';
import { socketIoFrame } from './frame';
import { benchConfig, startBenchServer, temporaryDataDir } from '../lib/server';

/** What one broadcast sent: event, snapshot version, when the emit began and how long it ran, frame text. */
export interface EmittedFrame {
  event: 'rates:update' | 'reserves:update';
  version: number;
  emitAt: number;
  emitMs: number;
  frame: string;
}

const HOLDS_FOR_MS = 10 * 60_000;
const EMIT_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = benchConfig(temporaryDataDir());
  const server = await startBenchServer(config);
  const catalogue = await loadCatalogue(server.db);
  const feed = createRateFeed(simulatedSources(Number(process.env.BENCH_SEED ?? 1)), server.logger);
  let previous: RatesSnapshot | null = null;

  const local = roomBroadcast(server.io);
  let pending: EmittedFrame[] = [];
  let onEmit: (() => void) | null = null;
  const record = (event: EmittedFrame['event'], update: RatesUpdate | ReservesUpdate, emitAt: number) => {
    const emitMs = sharedClock() - emitAt;
    pending.push({ event, version: update.version, emitAt, emitMs, frame: socketIoFrame(event, update) });
    onEmit?.();
  };
  server.rates.broadcastTo({
    rates(update, before) {
      const emitAt = sharedClock();
      local.rates(update, before);
      record('rates:update', update, emitAt);
    },
    reserves(update) {
      const emitAt = sharedClock();
      local.reserves(update);
      record('reserves:update', update, emitAt);
    },
  });

  /** One worker tick; resolves with the frames the store emitted for that version. */
  async function publish(): Promise<{ version: number; publishedAt: number; directions: number; frames: EmittedFrame[] }> {
    const readings = await feed.poll(new Date());
    const now = new Date();
    const computed = computeRates(catalogue, priceSources(readings, now));
    const { snapshot, change } = advanceSnapshot(previous, computed, { now, holdsForMs: HOLDS_FOR_MS });
    const emitted = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`version ${snapshot.version} was not emitted`)), EMIT_TIMEOUT_MS);
      onEmit = () => {
        if (!pending.some((frame) => frame.event === 'rates:update' && frame.version === snapshot.version)) return;
        clearTimeout(timer);
        resolve();
      };
    });
    const publishedAt = sharedClock();
    await publishSnapshot(server.kv, snapshot, change);
    previous = snapshot;
    if (change.rates.length === 0 && change.removed.length === 0) {
      onEmit = null;
      return { version: snapshot.version, publishedAt, directions: 0, frames: [] };
    }
    await emitted;
    // Let a reserves:update of the same version follow its rates:update.
    await new Promise((resolve) => setImmediate(resolve));
    onEmit = null;
    const frames = pending;
    pending = [];
    return { version: snapshot.version, publishedAt, directions: change.rates.length, frames };
  }

  // The first snapshot (every direction) goes out before any client connects.
  await publish();
  serveParent(async (message) => {
    if (message.type === 'publish') tell({ type: 'published', ...(await publish()) });
    if (message.type === 'sockets') tell({ type: 'sockets', count: server.io.engine.clientsCount });
  });
  tell({ type: 'ready', port: server.port, directions: catalogue.directions.length });
}

runChild(main);
