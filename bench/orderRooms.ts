/**
 * Per-order room traffic: 5,000 open order pages, each joined to its own order room through the
 * real `order:join` (real orders in the server's database, the secret checked), then tick rounds
 * of the real countdown registry — `tickAll()`, one emit per room, 5,000 different frames —
 * against ONE `io.emit` of a tick payload of the same size to the same 5,000 sockets, in the same
 * run, rounds alternating which goes first. Clients live in child processes (orderRooms/clients.ts)
 * on 127.0.0.1, websocket transport only; the server is bench/orderRooms/sut-server.ts.
 *
 * Latency = receive time − the moment the server began the round, on a clock the processes share.
 * A round's total time is its latency at the last page. Each round starts once every page has
 * the previous one, plus `gap` ms. The first `warmup` rounds of each kind run the same way and are
 * not counted: the first round of either kind compiles its code paths and runs up to twice as long.
 * Run: node --import tsx bench/orderRooms.ts [--clients 5000] [--processes 2] [--rounds 10] [--warmup 2] [--gap 300]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sleep, startChild, type BenchChild, type BenchMessage } from './lib/child';
import { distribution, machine, ms, percent, ratio, table, type Distribution } from './lib/stats';

export const TARGET_ORDER_ROOMS_RATIO = 1.3;

export interface OrderRoomsOptions {
  clients: number;
  processes: number;
  rounds: number;
  /** Rounds of each kind run first and not counted. */
  warmup: number;
  gapMs: number;
}

type Kind = 'rooms' | 'broadcast';

export interface OrderRoomsSide {
  /** Every page's latency in every round of this kind. */
  latency: Distribution;
  /** Per round: latency at the last page (the round's total time). */
  total: Distribution;
  /** Per round: how long the server's synchronous emit took. */
  sendLoop: Distribution;
  /** Share of (pages × rounds) received. */
  delivered: number;
}

export interface OrderRoomsResult {
  options: OrderRoomsOptions;
  joined: number;
  joinMs: number;
  insertMs: number;
  rooms: OrderRoomsSide;
  broadcast: OrderRoomsSide;
  p99Ratio: number;
  totalRatio: number;
  /** Median over round pairs of the pair's p99 ratio. */
  pairedP99Ratio: number;
  /** Median over round pairs of the pair's total-time ratio. */
  pairedTotalRatio: number;
  disconnects: number;
  machineBefore: string;
  machineAfter: string;
}

interface Sent extends BenchMessage {
  kind: Kind;
  emitAt: number;
  emitMs: number;
  emitted: number;
}
type Joined = BenchMessage & { joined: number; failed: number; ms: number; firstError: string | null };
type Report = BenchMessage & { received: Array<[number, number[]]>; disconnects: number };

const DELIVERY_TIMEOUT_MS = 20_000;

function side(rounds: Array<{ sent: Sent; latencies: number[] }>, pages: number): OrderRoomsSide {
  return {
    latency: distribution(rounds.flatMap((round) => round.latencies)),
    total: distribution(rounds.map((round) => Math.max(...round.latencies))),
    sendLoop: distribution(rounds.map((round) => round.sent.emitMs)),
    delivered: rounds.reduce((sum, round) => sum + round.latencies.length, 0) / (pages * rounds.length),
  };
}

async function measure(options: OrderRoomsOptions, children: BenchChild[]): Promise<Omit<OrderRoomsResult, 'machineBefore' | 'machineAfter'>> {
  const sut = startChild('order server', 'orderRooms/sut-server.ts', { BENCH_ORDERS: String(options.clients) });
  children.push(sut);
  const ready = await sut.receive<BenchMessage & { port: number; orders: Array<{ uid: string; secret: string }>; insertMs: number }>('ready', 300_000);
  const groups: BenchChild[] = [];
  for (let group = 0; group < options.processes; group += 1) {
    groups.push(startChild(`pages ${group + 1}`, 'orderRooms/clients.ts', { BENCH_SOCKET_IO_URL: `ws://127.0.0.1:${ready.port}` }));
  }
  children.push(...groups);
  await Promise.all(groups.map((group) => group.receive('started', 60_000)));
  const joined = await Promise.all(
    groups.map((group, index) => group.ask<Joined>({ type: 'join', orders: ready.orders.filter((_, n) => n % options.processes === index) }, 'joined', 900_000)),
  );
  const failed = joined.find((group) => group.failed > 0);
  if (failed) throw new Error(`${failed.failed} pages could not join: ${failed.firstError}`);
  const size = await sut.ask<BenchMessage & { rooms: number; timed: number }>({ type: 'size' }, 'size', 10_000);
  if (size.timed !== options.clients) throw new Error(`the server ticks ${size.timed} rooms, not ${options.clients}`);

  const sent: Sent[] = [];
  for (let round = 0; round < options.warmup + options.rounds; round += 1) {
    const kinds: Kind[] = round % 2 === 0 ? ['rooms', 'broadcast'] : ['broadcast', 'rooms'];
    for (const kind of kinds) {
      const index = sent.length;
      sent.push(await sut.ask<Sent>({ type: 'round', kind }, 'sent', 30_000));
      const matches = (message: BenchMessage) => message.round === index;
      await Promise.all(groups.map((group) => group.receive('delivered', DELIVERY_TIMEOUT_MS, matches).catch(() => undefined)));
      await sleep(options.gapMs);
    }
  }
  const reports = await Promise.all(groups.map((group) => group.ask<Report>({ type: 'report' }, 'report', 60_000)));
  await Promise.all(groups.map((group) => group.ask({ type: 'close' }, 'closed', 30_000)));

  const rounds = sent
    .map((round, index) => ({
      sent: round,
      latencies: reports.flatMap((report) => report.received.find(([n]) => n === index)?.[1] ?? []).map((at) => at - round.emitAt),
    }))
    .slice(2 * options.warmup);
  const of = (kind: Kind) => rounds.filter((round) => round.sent.kind === kind);
  const rooms = side(of('rooms'), options.clients);
  const broadcast = side(of('broadcast'), options.clients);
  const paired = (figure: (latencies: number[]) => number) =>
    distribution(of('rooms').map((round, n) => figure(round.latencies) / figure(of('broadcast')[n].latencies))).p50;
  return {
    options,
    joined: joined.reduce((sum, group) => sum + group.joined, 0),
    joinMs: Math.max(...joined.map((group) => group.ms)),
    insertMs: ready.insertMs,
    rooms,
    broadcast,
    p99Ratio: rooms.latency.p99 / broadcast.latency.p99,
    totalRatio: rooms.total.p50 / broadcast.total.p50,
    pairedP99Ratio: paired((latencies) => distribution(latencies).p99),
    pairedTotalRatio: paired((latencies) => Math.max(...latencies)),
    disconnects: reports.reduce((sum, report) => sum + report.disconnects, 0),
  };
}

export async function runOrderRoomsBench(options: OrderRoomsOptions): Promise<OrderRoomsResult> {
  const children: BenchChild[] = [];
  const machineBefore = machine();
  try {
    const result = await measure(options, children);
    return { ...result, machineBefore, machineAfter: machine() };
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}

/** Whether the per-room rounds stayed within the target of the broadcast, everything delivered. */
export function orderRoomsMet(result: OrderRoomsResult): boolean {
  return result.p99Ratio <= TARGET_ORDER_ROOMS_RATIO && result.totalRatio <= TARGET_ORDER_ROOMS_RATIO && result.rooms.delivered === 1;
}

/** The bench's figures as lines of text (also for bench/orders.ts). */
export function describeOrderRooms(result: OrderRoomsResult): string {
  const { options, rooms, broadcast } = result;
  const row = (label: string, s: OrderRoomsSide) => [
    label,
    ms(s.latency.p50),
    ms(s.latency.p99),
    ms(s.latency.max),
    ms(s.total.p50),
    ms(s.sendLoop.p50),
    percent(s.delivered),
  ];
  return [
    `order:tick to ${options.clients} order pages in ${options.processes} processes, each in its own order room: ${options.rounds} rounds of each kind (after ${options.warmup} not counted), alternating, ${options.gapMs} ms after every page had the previous one`,
    `  ${result.joined} pages joined through order:join in ${(result.joinMs / 1000).toFixed(1)} s (${options.clients} orders inserted in ${(result.insertMs / 1000).toFixed(1)} s)`,
    table([
      ['  round', 'p50', 'p99', 'max (p100)', 'total/round (median)', 'server emit (median)', 'delivered'],
      row(`  ${options.clients} room emits (tickAll)`, rooms),
      row('  one io.emit (baseline)', broadcast),
    ]),
    `  median over round pairs (each pair within a second): p99 ratio ${ratio(result.pairedP99Ratio)}, total-time ratio ${ratio(result.pairedTotalRatio)}; disconnects: ${result.disconnects}`,
    `  rooms / broadcast: p99 ${ratio(result.p99Ratio)}, total time per round ${ratio(result.totalRatio)} (target <= ${ratio(TARGET_ORDER_ROOMS_RATIO)}, 100 % delivered): ${orderRoomsMet(result) ? 'met' : 'MISSED'}`,
    `  machine: ${result.machineBefore} before, ${result.machineAfter} after`,
  ].join('\n');
}

export function orderRoomsOptions(args: string[]): OrderRoomsOptions {
  const { values } = parseArgs({
    args,
    options: {
      clients: { type: 'string', default: '5000' },
      processes: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      gap: { type: 'string', default: '300' },
    },
    strict: false,
  });
  return {
    clients: Number(values.clients),
    processes: Number(values.processes),
    rounds: Number(values.rounds),
    warmup: Number(values.warmup),
    gapMs: Number(values.gap),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runOrderRoomsBench(orderRoomsOptions(process.argv.slice(2)));
  console.log(describeOrderRooms(result));
  process.exit(0);
}
