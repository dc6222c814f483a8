/**
 * `rates:update` to 5,000 connected clients: delivery latency of the real server (RatesStore →
 * Socket.IO, bench/broadcast/sut-server.ts) beside a raw `ws` server sending the same frames to
 * the same number of clients (bench/broadcast/ws-server.ts), in the same run. Clients live in
 * child processes (bench/broadcast/clients.ts) on 127.0.0.1, websocket transport only.
 *
 * Latency = receive time − the moment the server began the broadcast, on a clock the processes
 * share. Each update is a real worker tick of the seeded catalogue; the baseline then sends the
 * very frames the real server emitted. Every send waits until every client has the previous one
 * and `gap` ms more (no queueing behind an earlier update), and the two servers take turns, so
 * both see the same machine even when other work on it comes and goes.
 * Run: node --import tsx bench/rates-broadcast.ts [--clients 5000] [--processes 2] [--updates 20]
 *      [--gap 500]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sleep, startChild, type BenchChild, type BenchMessage } from './lib/child';
import { distribution, machine, ms, percent, ratio, table, type Distribution } from './lib/stats';
import type { EmittedFrame } from './broadcast/sut-server';

export const TARGET_P99_RATIO = 1.25;

export interface BroadcastOptions {
  clients: number;
  processes: number;
  updates: number;
  gapMs: number;
}

export interface BroadcastSide {
  connected: number;
  connectMs: number;
  latency: Distribution;
  /** Share of (clients × updates) received. */
  delivered: number;
  disconnects: number;
  /** Client 0 of every group received exactly the frames Socket.IO encoded. */
  sameBytes: boolean;
  /** How long the server's synchronous send to every client took, per update. */
  sendLoop: Distribution;
}

export interface BroadcastResult {
  options: BroadcastOptions;
  socketIo: BroadcastSide;
  ws: BroadcastSide;
  /** Real server: from publishSnapshot into the KV to receipt (store + emit + delivery). */
  pipeline: Distribution;
  directionsPerUpdate: number;
  frameBytes: number;
  p99Ratio: number;
  /** Median over updates of that update's p99 ratio (each pair sent within seconds). */
  pairedP99Ratio: number;
  machineBefore: string;
  machineAfter: string;
}

type Side = 'socket.io' | 'ws';

interface Published extends BenchMessage {
  version: number;
  publishedAt: number;
  directions: number;
  frames: EmittedFrame[];
}

interface SideReport {
  received: Array<[number, number[]]>;
  probe: Array<[number, { sha256: string; bytes: number }]>;
  disconnects: number;
}
type Report = BenchMessage & Record<Side, SideReport>;
type Connected = BenchMessage & Record<Side, { connected: number; failed: number; ms: number }>;

/** Sent version → when the broadcast began, how long the send loop ran, the SHA-256 of its frame. */
type Sent = Map<number, { emitAt: number; emitMs: number; sha256: string }>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** How long the harness waits for every client to have an update before going on. */
const DELIVERY_TIMEOUT_MS = 15_000;
const SETTLE_MS = 1000;
/** Files a process opens besides its sockets (modules, SQLite, pipes). */
const FD_HEADROOM = 256;

/** Resolves once every group reported all its clients of `side` have `version`, or on timeout. */
async function delivered(groups: BenchChild[], side: Side, version: number): Promise<void> {
  const matches = (message: BenchMessage) => message.side === side && message.version === version;
  await Promise.all(groups.map((group) => group.receive('delivered', DELIVERY_TIMEOUT_MS, matches).catch(() => undefined)));
}

/** One side's figures: latencies from the broadcast start (or `start`), delivery, same bytes. */
function summarise(reports: Report[], side: Side, sent: Sent, clients: number, connected: Connected[], start = (v: number) => sent.get(v)!.emitAt) {
  const byVersion = new Map<number, number[]>([...sent.keys()].map((version) => [version, []]));
  let sameBytes = true;
  for (const report of reports) {
    for (const [version, times] of report[side].received) {
      const latencies = byVersion.get(version);
      if (latencies) for (const at of times) latencies.push(at - start(version));
    }
    const probed = new Map(report[side].probe);
    for (const [version, frame] of sent) if (probed.get(version)?.sha256 !== frame.sha256) sameBytes = false;
  }
  const latencies = [...byVersion.values()].flat();
  const figures: BroadcastSide = {
    connected: connected.reduce((sum, group) => sum + group[side].connected, 0),
    connectMs: Math.max(...connected.map((group) => group[side].ms)),
    latency: distribution(latencies),
    delivered: latencies.length / (clients * sent.size),
    disconnects: reports.reduce((sum, report) => sum + report[side].disconnects, 0),
    sameBytes,
    sendLoop: distribution([...sent.values()].map((frame) => frame.emitMs)),
  };
  return { side: figures, p99ByVersion: new Map([...byVersion].map(([version, list]) => [version, distribution(list).p99])) };
}

async function measure(options: BroadcastOptions, children: BenchChild[]): Promise<Omit<BroadcastResult, 'machineBefore' | 'machineAfter'>> {
  const sut = startChild('real server', 'broadcast/sut-server.ts');
  const baseline = startChild('ws baseline', 'broadcast/ws-server.ts');
  children.push(sut, baseline);
  const [sutReady, baseReady] = await Promise.all([
    sut.receive<BenchMessage & { port: number }>('ready', 120_000),
    baseline.receive<BenchMessage & { port: number }>('ready', 30_000),
  ]);
  const groups: BenchChild[] = [];
  for (let group = 0; group < options.processes; group += 1) {
    const share = Math.floor(options.clients / options.processes) + (group < options.clients % options.processes ? 1 : 0);
    groups.push(
      startChild(`clients ${group + 1}`, 'broadcast/clients.ts', {
        BENCH_CLIENTS: String(share),
        BENCH_SOCKET_IO_URL: `ws://127.0.0.1:${sutReady.port}`,
        BENCH_WS_URL: `ws://127.0.0.1:${baseReady.port}`,
      }),
    );
  }
  children.push(...groups);
  const connected = await Promise.all(groups.map((group) => group.receive<Connected>('connected', 240_000)));

  // Update by update, the real server first, then the baseline with the same frames: both see
  // the same machine (other work on it comes and goes) within a second or two of each other.
  const published: Published[] = [];
  const sent: Sent = new Map();
  const replayed: Sent = new Map();
  for (let update = 0; update < options.updates; update += 1) {
    const real = await sut.ask<Published>({ type: 'publish' }, 'published', 30_000);
    published.push(real);
    const frame = real.frames.find((emitted) => emitted.event === 'rates:update');
    if (!frame) continue;
    sent.set(real.version, { emitAt: frame.emitAt, emitMs: frame.emitMs, sha256: sha256(frame.frame) });
    await delivered(groups, 'socket.io', real.version);
    await sleep(options.gapMs);
    const frames = real.frames.map((emitted) => emitted.frame);
    const reply = await baseline.ask<BenchMessage & { emitAt: number[]; emitMs: number[] }>({ type: 'broadcast', frames }, 'broadcasted', 30_000);
    const index = real.frames.indexOf(frame);
    replayed.set(real.version, { emitAt: reply.emitAt[index], emitMs: reply.emitMs[index], sha256: sha256(frame.frame) });
    await delivered(groups, 'ws', real.version);
    await sleep(options.gapMs);
  }
  await sleep(SETTLE_MS);
  const reports = await Promise.all(groups.map((group) => group.ask<Report>({ type: 'report' }, 'report', 60_000)));
  await Promise.all(groups.map((group) => group.ask({ type: 'close' }, 'closed', 30_000)));

  const publishedAt = new Map(published.map((update) => [update.version, update.publishedAt]));
  const socketIo = summarise(reports, 'socket.io', sent, options.clients, connected);
  const ws = summarise(reports, 'ws', replayed, options.clients, connected);
  const pipeline = summarise(reports, 'socket.io', sent, options.clients, connected, (version) => publishedAt.get(version)!);
  const frames = published.flatMap((update) => update.frames.filter((emitted) => emitted.event === 'rates:update'));
  return {
    options,
    socketIo: socketIo.side,
    ws: ws.side,
    pipeline: pipeline.side.latency,
    directionsPerUpdate: published.reduce((sum, update) => sum + update.directions, 0) / published.length,
    frameBytes: frames.reduce((sum, emitted) => sum + Buffer.byteLength(emitted.frame), 0) / Math.max(1, frames.length),
    p99Ratio: socketIo.side.latency.p99 / ws.side.latency.p99,
    pairedP99Ratio: distribution([...sent.keys()].map((v) => socketIo.p99ByVersion.get(v)! / ws.p99ByVersion.get(v)!)).p50,
  };
}

/** Open files each process may hold (`ulimit -n`, inherited by the children). */
function openFileLimit(): number {
  return Number(execFileSync('/bin/sh', ['-c', 'ulimit -n']).toString().trim());
}

export async function runBroadcastBench(options: BroadcastOptions): Promise<BroadcastResult> {
  // The real server holds a socket per client; each client process, two per client it runs.
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

/** The bench's figures as lines of text (also used by bench/rates.ts). */
export function describeBroadcast(result: BroadcastResult): string {
  const { options, socketIo, ws } = result;
  const row = (label: string, side: BroadcastSide) => [
    label,
    ms(side.latency.p50),
    ms(side.latency.p95),
    ms(side.latency.p99),
    ms(side.latency.max),
    percent(side.delivered),
    `${side.connected} in ${(side.connectMs / 1000).toFixed(1)} s`,
  ];
  const pass = result.p99Ratio <= TARGET_P99_RATIO && socketIo.delivered === 1;
  return [
    `rates:update broadcast: ${options.clients} clients in ${options.processes} processes, ${options.updates} updates, each to one server then the other, ${options.gapMs} ms after every client had the previous one`,
    `  each update: ${result.directionsPerUpdate.toFixed(0)} changed directions, ${(result.frameBytes / 1024).toFixed(1)} KB frame`,
    table([
      ['  server', 'p50', 'p95', 'p99', 'max', 'delivered', 'connected'],
      row('  socket.io (real server)', socketIo),
      row('  raw ws (baseline)', ws),
    ]),
    `  publish into the KV -> receipt (store + emit + delivery): p50 ${ms(result.pipeline.p50)}  p99 ${ms(result.pipeline.p99)}`,
    `  same bytes on both: ${socketIo.sameBytes && ws.sameBytes ? 'yes' : 'NO'} (SHA-256 of every update at client 0 of each group)`,
    `  server send loop per update (p50 / max): socket.io ${ms(socketIo.sendLoop.p50)} / ${ms(socketIo.sendLoop.max)}, ws ${ms(ws.sendLoop.p50)} / ${ms(ws.sendLoop.max)}`,
    `  disconnects during the run: socket.io ${socketIo.disconnects}, ws ${ws.disconnects}`,
    `  median over updates of the per-update p99 ratio: ${ratio(result.pairedP99Ratio)}`,
    `  p99 socket.io / ws: ${ratio(result.p99Ratio)} (target <= ${ratio(TARGET_P99_RATIO)}, 100 % delivered): ${pass ? 'met' : 'MISSED'}`,
    `  machine: ${result.machineBefore} before, ${result.machineAfter} after`,
  ].join('\n');
}

export function broadcastOptions(args: string[]): BroadcastOptions {
  const { values } = parseArgs({
    args,
    options: {
      clients: { type: 'string', default: '5000' },
      processes: { type: 'string', default: '2' },
      updates: { type: 'string', default: '20' },
      gap: { type: 'string', default: '500' },
    },
    strict: false,
  });
  return {
    clients: Number(values.clients),
    processes: Number(values.processes),
    updates: Number(values.updates),
    gapMs: Number(values.gap),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runBroadcastBench(broadcastOptions(process.argv.slice(2)));
  console.log(describeBroadcast(result));
  process.exit(0);
}
