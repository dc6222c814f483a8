/**
 * Live rates at catalogue scale (issue 17): 10,000 pages, each watching ONE random pair of the
 * generated catalogue (1,000 currencies / 20,000 directions, `db:seed --generated`) exactly as the
 * exchange widget does (`rates:watch`, then `rates:pair` frames), against a raw `ws` server that
 * sends each page the same bytes for the same ticks, in the same run.
 *
 * - Real server: bench/broadcast/pairs-server.ts (startServer, embedded defaults, the generated
 *   catalogue; each tick a real worker tick of the moving simulated feed, through the store and the
 *   product's room broadcaster). Every frame it writes is recorded with its room.
 * - Baseline: bench/broadcast/pairs-ws-server.ts, its clients grouped by the room they name; it
 *   sends each recorded frame to that room's clients.
 * - Clients: bench/broadcast/pair-clients.ts in `processes` child processes, each page connected
 *   to both servers with the same pair (so the same frames reach it from both).
 *
 * Latency = receive time − the moment the server began sending the tick's frames (the store
 * handing the change to the rooms; the baseline's send loop), on a clock the processes share.
 * Tick by tick, the real server first, then the baseline with the same frames; each send waits
 * until every page has the previous tick and `gap` ms more, so nothing queues and both see the
 * same machine within seconds.
 * Run: node --import tsx bench/rates-catalogue.ts [--pair-clients 10000] [--pair-processes 4]
 *      [--pair-updates 20] [--gap 500]
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { integers } from '../db/seeders/generate';
import type { PairTick } from './broadcast/pairs-server';
import { sleep, startChild, type BenchChild, type BenchMessage } from './lib/child';
import { distribution, machine, megabytes, ms, percent, ratio, table, type Distribution } from './lib/stats';

export const TARGET_PAIR_P99_RATIO = 1.1;
export const TARGET_RSS_RATIO = 1.6;

export interface CatalogueOptions {
  clients: number;
  processes: number;
  updates: number;
  gapMs: number;
}

type Side = 'socket.io' | 'ws';

export interface CatalogueSide {
  connected: number;
  connectMs: number;
  latency: Distribution;
  /** Frames received ÷ frames due (each tick: the pages watching a pair the tick changed). */
  delivered: number;
  disconnects: number;
  /** `rates:pair` bytes received (WebSocket payload), per page per tick. */
  bytesPerClientTick: number;
  /** Server process RSS after the ticks, and the JS heap in use then. */
  rss: number;
  heapUsed: number;
  /** The send of a tick's frames to every page (p50, max). */
  sendLoop: Distribution;
}

export interface CatalogueResult {
  options: CatalogueOptions;
  directions: number;
  socketIo: CatalogueSide;
  ws: CatalogueSide;
  /** Per tick: directions changed, frames (rooms) written, pages due a frame. */
  changedPerTick: number;
  roomsPerTick: number;
  duePerTick: number;
  /** Publish into the KV → receipt (store + rooms + delivery) on the real server. */
  pipeline: Distribution;
  probes: { compared: number; differ: number };
  p99Ratio: number;
  pairedP99Ratio: number;
  rssRatio: number;
  machineBefore: string;
  machineAfter: string;
}

interface SideReport {
  received: Array<[number, number[]]>;
  bytes: number;
  frames: number;
  disconnects: number;
}
type Report = BenchMessage & Record<Side, SideReport> & { probes: { compared: number; differ: number } };
type Connected = BenchMessage & Record<Side, { connected: number; failed: number; ms: number; firstError: string | null }>;
type Memory = BenchMessage & { rss: number; heapUsed: number; sockets: number };

const DELIVERY_TIMEOUT_MS = 20_000;
const SETTLE_MS = 1000;
const FD_HEADROOM = 256;
const PAIR_SEED = 17;

async function delivered(groups: BenchChild[], side: Side, version: number, rooms: string[]): Promise<void> {
  const matches = (message: BenchMessage) => message.side === side && message.version === version;
  const waits = groups.map((group) => group.receive('delivered', DELIVERY_TIMEOUT_MS, matches).catch(() => undefined));
  for (const group of groups) group.send({ type: 'expect', side, version, rooms });
  await Promise.all(waits);
}

function summarise(reports: Report[], side: Side, emitAt: Map<number, number>, due: Map<number, number>, connected: Connected[]) {
  const byVersion = new Map<number, number[]>([...emitAt.keys()].map((version) => [version, []]));
  let bytes = 0;
  for (const report of reports) {
    for (const [version, times] of report[side].received) {
      const list = byVersion.get(version);
      const start = emitAt.get(version);
      if (list && start !== undefined) for (const at of times) list.push(at - start);
    }
    bytes += report[side].bytes;
  }
  const latencies = [...byVersion.values()].flat();
  const dueTotal = [...due.values()].reduce((sum, count) => sum + count, 0);
  return {
    latencies,
    p99ByVersion: new Map([...byVersion].map(([version, list]) => [version, distribution(list).p99])),
    connected: connected.reduce((sum, group) => sum + group[side].connected, 0),
    connectMs: Math.max(...connected.map((group) => group[side].ms)),
    delivered: latencies.length / Math.max(1, dueTotal),
    disconnects: reports.reduce((sum, report) => sum + report[side].disconnects, 0),
    bytes,
  };
}

/** `count` pairs drawn uniformly (with repeats, as independent visitors do) from the catalogue's directions. */
function randomRooms(pairs: Array<[string, string]>, count: number): string[] {
  const next = integers(PAIR_SEED);
  return Array.from({ length: count }, () => {
    const [from, to] = pairs[next(pairs.length)];
    return `rate:${from}>${to}`;
  });
}

async function measure(options: CatalogueOptions, children: BenchChild[]): Promise<Omit<CatalogueResult, 'machineBefore' | 'machineAfter'>> {
  const sut = startChild('real server (generated catalogue)', 'broadcast/pairs-server.ts');
  const baseline = startChild('ws baseline (rooms)', 'broadcast/pairs-ws-server.ts');
  children.push(sut, baseline);
  const [sutReady, baseReady] = await Promise.all([
    sut.receive<BenchMessage & { port: number; pairs: Array<[string, string]> }>('ready', 300_000),
    baseline.receive<BenchMessage & { port: number }>('ready', 30_000),
  ]);
  const rooms = randomRooms(sutReady.pairs, options.clients);
  const groups: BenchChild[] = [];
  const groupRooms: string[][] = [];
  let offset = 0;
  for (let group = 0; group < options.processes; group += 1) {
    const share = Math.floor(options.clients / options.processes) + (group < options.clients % options.processes ? 1 : 0);
    groupRooms.push(rooms.slice(offset, offset + share));
    offset += share;
    groups.push(
      startChild(`pair clients ${group + 1}`, 'broadcast/pair-clients.ts', {
        BENCH_SOCKET_IO_URL: `ws://127.0.0.1:${sutReady.port}`,
        BENCH_WS_URL: `ws://127.0.0.1:${baseReady.port}`,
      }),
    );
  }
  children.push(...groups);
  await Promise.all(groups.map((group) => group.receive('listening', 60_000)));
  const connected = await Promise.all(groups.map((group, index) => group.ask<Connected>({ type: 'watch', rooms: groupRooms[index] }, 'connected', 600_000)));
  for (const group of connected) {
    for (const side of ['socket.io', 'ws'] as const) {
      if (group[side].failed > 0) console.error(`  ${group[side].failed} ${side} clients failed to connect (first: ${group[side].firstError})`);
    }
  }
  const watchers = new Map<string, number>();
  for (const room of rooms) watchers.set(room, (watchers.get(room) ?? 0) + 1);

  const ticks: PairTick[] = [];
  const emitAt: Record<Side, Map<number, number>> = { 'socket.io': new Map(), ws: new Map() };
  const sendMs: Record<Side, number[]> = { 'socket.io': [], ws: [] };
  const due = new Map<number, number>();
  for (let update = 0; update < options.updates; update += 1) {
    const { tick } = await sut.ask<BenchMessage & { tick: PairTick }>({ type: 'publish' }, 'published', 60_000);
    if (tick.frames.length === 0) continue;
    ticks.push(tick);
    const tickRooms = [...new Set(tick.frames.map(([room]) => room))];
    due.set(tick.version, tickRooms.reduce((sum, room) => sum + (watchers.get(room) ?? 0), 0));
    emitAt['socket.io'].set(tick.version, tick.emitAt);
    sendMs['socket.io'].push(tick.emitMs);
    await delivered(groups, 'socket.io', tick.version, tickRooms);
    await sleep(options.gapMs);
    const reply = await baseline.ask<BenchMessage & { emitAt: number; emitMs: number }>({ type: 'broadcast', frames: tick.frames }, 'broadcasted', 60_000);
    emitAt.ws.set(tick.version, reply.emitAt);
    sendMs.ws.push(reply.emitMs);
    await delivered(groups, 'ws', tick.version, tickRooms);
    await sleep(options.gapMs);
  }
  await sleep(SETTLE_MS);
  const [sutMemory, baseMemory] = await Promise.all([sut.ask<Memory>({ type: 'memory' }, 'memory', 30_000), baseline.ask<Memory>({ type: 'memory' }, 'memory', 30_000)]);
  const reports = await Promise.all(groups.map((group) => group.ask<Report>({ type: 'report' }, 'report', 120_000)));
  await Promise.all(groups.map((group) => group.ask({ type: 'close' }, 'closed', 60_000)));

  const publishedAt = new Map(ticks.map((tick) => [tick.version, tick.publishedAt]));
  const real = summarise(reports, 'socket.io', emitAt['socket.io'], due, connected);
  const base = summarise(reports, 'ws', emitAt.ws, due, connected);
  const pipeline = summarise(reports, 'socket.io', publishedAt, due, connected);
  const tickCount = Math.max(1, ticks.length);
  const side = (figures: typeof real, memory: Memory, sends: number[]): CatalogueSide => ({
    connected: figures.connected,
    connectMs: figures.connectMs,
    latency: distribution(figures.latencies),
    delivered: figures.delivered,
    disconnects: figures.disconnects,
    bytesPerClientTick: figures.bytes / (options.clients * tickCount),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    sendLoop: distribution(sends),
  });
  const socketIo = side(real, sutMemory, sendMs['socket.io']);
  const ws = side(base, baseMemory, sendMs.ws);
  return {
    options,
    directions: sutReady.pairs.length,
    socketIo,
    ws,
    changedPerTick: ticks.reduce((sum, tick) => sum + tick.directions, 0) / tickCount,
    roomsPerTick: ticks.reduce((sum, tick) => sum + tick.frames.length, 0) / tickCount,
    duePerTick: [...due.values()].reduce((sum, count) => sum + count, 0) / tickCount,
    pipeline: distribution(pipeline.latencies),
    probes: reports.reduce((sum, report) => ({ compared: sum.compared + report.probes.compared, differ: sum.differ + report.probes.differ }), { compared: 0, differ: 0 }),
    p99Ratio: socketIo.latency.p99 / ws.latency.p99,
    pairedP99Ratio: distribution([...emitAt['socket.io'].keys()].map((v) => real.p99ByVersion.get(v)! / base.p99ByVersion.get(v)!)).p50,
    rssRatio: socketIo.rss / ws.rss,
  };
}

function openFileLimit(): number {
  return Number(execFileSync('/bin/sh', ['-c', 'ulimit -n']).toString().trim());
}

export async function runCatalogueBench(options: CatalogueOptions): Promise<CatalogueResult> {
  const needed = Math.ceil(Math.max(options.clients, (2 * options.clients) / options.processes)) + FD_HEADROOM;
  const limit = openFileLimit();
  if (Number.isFinite(limit) && limit < needed) {
    throw new Error(`ulimit -n is ${limit}; ${options.clients} clients need about ${needed} open files per process (raise it: ulimit -n ${needed})`);
  }
  const children: BenchChild[] = [];
  const machineBefore = machine();
  try {
    const result = await measure(options, children);
    return { ...result, machineBefore, machineAfter: machine() };
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}

export function cataloguePasses(result: CatalogueResult): { p99: boolean; delivered: boolean; rss: boolean } {
  return {
    p99: result.p99Ratio <= TARGET_PAIR_P99_RATIO,
    delivered: result.socketIo.delivered === 1,
    rss: result.rssRatio <= TARGET_RSS_RATIO,
  };
}

export function describeCatalogue(result: CatalogueResult): string {
  const { options, socketIo, ws } = result;
  const row = (label: string, side: CatalogueSide) => [
    label,
    ms(side.latency.p50),
    ms(side.latency.p95),
    ms(side.latency.p99),
    ms(side.latency.max),
    percent(side.delivered),
    `${side.bytesPerClientTick.toFixed(1)} B`,
    megabytes(side.rss),
    `${side.connected} in ${(side.connectMs / 1000).toFixed(1)} s`,
  ];
  const pass = cataloguePasses(result);
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  return [
    `rates:pair at catalogue scale: ${options.clients} pages in ${options.processes} processes, each watching one random pair of ${result.directions} directions; ${options.updates} ticks, each to one server then the other, ${options.gapMs} ms after every page had the previous one`,
    `  each tick: ${result.changedPerTick.toFixed(0)} directions changed, ${result.roomsPerTick.toFixed(0)} rooms sent a frame, ${result.duePerTick.toFixed(0)} pages due one`,
    table([
      ['  server', 'p50', 'p95', 'p99', 'max', 'delivered', 'bytes/page/tick', 'server RSS', 'connected'],
      row('  socket.io (real server)', socketIo),
      row('  raw ws (baseline)', ws),
    ]),
    `  publish into the KV -> receipt (store + rooms + delivery): p50 ${ms(result.pipeline.p50)}  p99 ${ms(result.pipeline.p99)}`,
    `  same bytes on both: ${result.probes.differ === 0 && result.probes.compared > 0 ? 'yes' : 'NO'} (${result.probes.compared} frames of every 50th page compared, ${result.probes.differ} differ)`,
    `  send of a tick's frames (p50 / max): socket.io ${ms(socketIo.sendLoop.p50)} / ${ms(socketIo.sendLoop.max)}, ws ${ms(ws.sendLoop.p50)} / ${ms(ws.sendLoop.max)}`,
    `  disconnects during the run: socket.io ${socketIo.disconnects}, ws ${ws.disconnects}`,
    `  median over ticks of the per-tick p99 ratio: ${ratio(result.pairedP99Ratio)}`,
    `  p99 socket.io / ws: ${ratio(result.p99Ratio)} (target <= ${ratio(TARGET_PAIR_P99_RATIO)}): ${verdict(pass.p99)}`,
    `  delivered: ${percent(socketIo.delivered)} (target 100 %): ${verdict(pass.delivered)}`,
    `  JS heap in use then: socket.io ${megabytes(socketIo.heapUsed)}, ws ${megabytes(ws.heapUsed)}`,
    `  RSS web process / ws server: ${ratio(result.rssRatio)} (target <= ${ratio(TARGET_RSS_RATIO)}): ${verdict(pass.rss)}`,
    `  machine: ${result.machineBefore} before, ${result.machineAfter} after`,
  ].join('\n');
}

export function catalogueOptions(args: string[]): CatalogueOptions {
  const { values } = parseArgs({
    args,
    options: {
      'pair-clients': { type: 'string', default: '10000' },
      'pair-processes': { type: 'string', default: '4' },
      'pair-updates': { type: 'string', default: '20' },
      gap: { type: 'string', default: '500' },
    },
    strict: false,
  });
  return {
    clients: Number(values['pair-clients']),
    processes: Number(values['pair-processes']),
    updates: Number(values['pair-updates']),
    gapMs: Number(values.gap),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runCatalogueBench(catalogueOptions(process.argv.slice(2)));
  console.log(describeCatalogue(result));
  process.exit(0);
}
