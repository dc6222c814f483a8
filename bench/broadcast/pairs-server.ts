/**
 * Bench child: the system under test of the catalogue-scale run (issue 17). The real web server
 * (startServer, embedded defaults) on the generated catalogue (`db:seed --generated`: 1,000
 * currencies, 20,000 directions), seeded into its temporary database before it starts. Its pages
 * watch one pair each (`rates:watch`); the store's changes reach them as `rates:pair` frames
 * through the product's room broadcaster (backend/rates/rooms.ts).
 *
 * On `publish` it runs one worker tick the way the worker does (poll the simulated feed, which
 * prices the generated currencies, compute every direction, advance the snapshot, publishSnapshot
 * into the KV); the store picks the change up and hands it to the rooms. The emit time is taken
 * around that real broadcast, and every frame written is kept (room and exact text) through a
 * recording wrapper of the direct sender, for the ws baseline to send the same bytes to the same
 * clients.
 */
import { generateCatalogue } from '../../db/seeders/generate';
import { loadCatalogue } from '../../backend/catalogue/repository';
import { seedCatalogue } from '../../backend/catalogue/seedCatalogue';
import { createDatabase } from '../../backend/platform/db';
import { createLogger } from '../../backend/platform/logger';
import { createDirectSender, type DirectSender } from '../../backend/platform/realtime/directSend';
import { advanceSnapshot, computeRates, priceSources, type RatesSnapshot } from '../../backend/rates/engine';
import { createRateFeed, simulatedSources } from '../../backend/rates/feed';
import { roomBroadcast } from '../../backend/rates/rooms';
import { publishSnapshot } from '../../backend/rates/store';
import { runChild, serveParent, sharedClock, tell } from '../lib/child';
import { benchConfig, startBenchServer, temporaryDataDir } from '../lib/server';

/** One tick as the rooms sent it. */
export interface PairTick {
  version: number;
  /** sharedClock() when the store handed the change to the rooms, and how long that took. */
  emitAt: number;
  emitMs: number;
  publishedAt: number;
  /** Directions that changed in the tick (whether or not anyone watches them). */
  directions: number;
  /** [room, Engine.IO packet text] of every frame written, in order. */
  frames: Array<[string, string]>;
}

const HOLDS_FOR_MS = 10 * 60_000;
const EMIT_TIMEOUT_MS = 30_000;

/** The direct sender, recording each written packet with the room whose members it went to. */
function recordingSender(real: DirectSender, onWrite: (room: string, packet: string) => void): DirectSender {
  const roomOf = new WeakMap<object, string>();
  return {
    members(room) {
      const members = real.members(room);
      if (members !== undefined) roomOf.set(members, room);
      return members;
    },
    write(members, packet) {
      const sent = real.write(members, packet);
      onWrite(roomOf.get(members) ?? '?', `4${packet}`);
      return sent;
    },
  };
}

/** Migrates the temporary database and writes the generated catalogue into it before the server starts. */
async function seedGenerated(config: ReturnType<typeof benchConfig>): Promise<number> {
  const db = createDatabase(config, createLogger(config));
  try {
    await db.migrate();
    const result = await seedCatalogue({ db, data: generateCatalogue() });
    return result.directions;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const config = benchConfig(temporaryDataDir());
  const seeded = await seedGenerated(config);
  const server = await startBenchServer(config);
  const catalogue = await loadCatalogue(server.db);
  const feed = createRateFeed(simulatedSources(Number(process.env.BENCH_SEED ?? 1)), server.logger);
  let previous: RatesSnapshot | null = null;

  let frames: Array<[string, string]> = [];
  let emitted: { version: number; emitAt: number; emitMs: number } | null = null;
  let onEmit: (() => void) | null = null;
  const rooms = roomBroadcast(server.io, recordingSender(createDirectSender(server.io), (room, packet) => frames.push([room, packet])));
  server.rates.broadcastTo({
    rates(update, before) {
      const emitAt = sharedClock();
      rooms.rates(update, before);
      emitted = { version: update.version, emitAt, emitMs: sharedClock() - emitAt };
      onEmit?.();
    },
    reserves: (update) => rooms.reserves(update),
  });

  async function publish(): Promise<PairTick> {
    const readings = await feed.poll(new Date());
    const now = new Date();
    const computed = computeRates(catalogue, priceSources(readings, now));
    const { snapshot, change } = advanceSnapshot(previous, computed, { now, holdsForMs: HOLDS_FOR_MS });
    frames = [];
    emitted = null;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`version ${snapshot.version} was not emitted`)), EMIT_TIMEOUT_MS);
      onEmit = () => {
        if (emitted?.version !== snapshot.version) return;
        clearTimeout(timer);
        resolve();
      };
    });
    const publishedAt = sharedClock();
    await publishSnapshot(server.kv, snapshot, change);
    previous = snapshot;
    if (change.rates.length === 0 && change.removed.length === 0) {
      onEmit = null;
      return { version: snapshot.version, emitAt: publishedAt, emitMs: 0, publishedAt, directions: 0, frames: [] };
    }
    await done;
    onEmit = null;
    const tick = emitted as unknown as { version: number; emitAt: number; emitMs: number };
    return { ...tick, publishedAt, directions: change.rates.length + change.removed.length, frames };
  }

  // The first snapshot (every direction) goes out before any client connects.
  await publish();
  serveParent(async (message) => {
    if (message.type === 'publish') tell({ type: 'published', tick: await publish() });
    if (message.type === 'memory') {
      // Both servers are measured the same way: after a full collection when the harness allows it.
      globalThis.gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      tell({ type: 'memory', rss, heapUsed, external, sockets: server.io.engine.clientsCount });
    }
  });
  tell({
    type: 'ready',
    port: server.port,
    seeded,
    pairs: catalogue.directions.map((direction) => [direction.from, direction.to]),
  });
}

runChild(main);
