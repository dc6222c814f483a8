/**
 * Order creation throughput: autocannon POSTs the same valid CreateOrderRequest to the real app
 * (bench/orderCreate/sut-server.ts — every middleware, validation, the rate from the RatesStore,
 * the order and its history row in SQLite, the publish and the outbox email after commit) and to
 * a bare Koa route answering prebuilt JSON of the same size (bench/orderCreate/bare-server.ts),
 * in the same run: a warm-up each, then alternating segments. Servers run in child processes;
 * autocannon runs here. Prints requests/s, latency p50/p99 and the ratio real / bare.
 * Run: node --import tsx bench/orderCreate.ts [--duration 10] [--warmup 2] [--connections 20]
 * On MySQL and Redis: DATABASE_URL=mysql://root@127.0.0.1:3306/test REDIS_URL=redis://127.0.0.1:6379 node --import tsx bench/orderCreate.ts
 */
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startChild, type BenchChild, type BenchMessage } from './lib/child';
import { machine, ms, ratio, table } from './lib/stats';

const SEGMENTS = 4;

export interface OrderCreateOptions {
  durationS: number;
  warmupS: number;
  connections: number;
}

export interface OrderCreateSide {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  created: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: number;
}

export interface OrderCreateResult {
  options: OrderCreateOptions;
  answerBytes: number;
  /** Where the real app keeps its data: "SQLite, in-process KV" or "MySQL, Redis". */
  storage: string;
  real: OrderCreateSide;
  bare: OrderCreateSide;
  /** real rps / bare rps. */
  rpsRatio: number;
  machineBefore: string;
  machineAfter: string;
}

interface Target {
  name: string;
  child: BenchChild;
  url: string;
}

async function cpuMs(child: BenchChild): Promise<number> {
  return (await child.ask<BenchMessage & { cpuMs: number }>({ type: 'status' }, 'status', 10_000)).cpuMs;
}

function load(url: string, body: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json', lang: 'en' }, connections, duration });
}

export async function runOrderCreateBench(options: OrderCreateOptions): Promise<OrderCreateResult> {
  const machineBefore = machine();
  const realChild = startChild('order-create-real', 'orderCreate/sut-server.ts');
  const bareChild = startChild('order-create-bare', 'orderCreate/bare-server.ts');
  try {
    const ready = await realChild.receive<BenchMessage & { port: number; request: string; storage: string }>('ready', 120_000);
    const bareReady = await bareChild.receive<BenchMessage & { port: number }>('ready', 60_000);
    const real: Target = { name: 'real', child: realChild, url: `http://127.0.0.1:${ready.port}/api/orders` };
    const bare: Target = { name: 'bare', child: bareChild, url: `http://127.0.0.1:${bareReady.port}/api/orders` };
    const sample = await fetch(real.url, { method: 'POST', body: ready.request, headers: { 'content-type': 'application/json', lang: 'en' } });
    const answer = await sample.text();
    if (sample.status !== 201) throw new Error(`the real app refused the bench order: ${sample.status} ${answer}`);
    const sized = await bareChild.ask<BenchMessage & { bytes: number }>({ type: 'answer', body: answer }, 'answer', 10_000);

    for (const target of [real, bare]) await load(target.url, ready.request, options.connections, options.warmupS);
    const runs = new Map<Target, Array<{ result: autocannon.Result; cpuMs: number }>>([[real, []], [bare, []]]);
    for (let index = 0; index < SEGMENTS; index += 1) {
      for (const target of index % 2 === 0 ? [real, bare] : [bare, real]) {
        const before = await cpuMs(target.child);
        const result = await load(target.url, ready.request, options.connections, options.durationS / SEGMENTS);
        runs.get(target)!.push({ result, cpuMs: (await cpuMs(target.child)) - before });
      }
    }
    const side = (target: Target): OrderCreateSide => {
      const list = runs.get(target)!;
      const ok = list.reduce((sum, run) => sum + run.result['2xx'], 0);
      const seconds = list.reduce((sum, run) => sum + run.result.duration, 0);
      const sorted = (pick: (run: autocannon.Result) => number) => list.map((run) => pick(run.result)).sort((a, b) => a - b);
      const median = (values: number[]) => values[Math.floor(values.length / 2)]!;
      return {
        rps: ok / seconds,
        p50Ms: median(sorted((run) => run.latency.p50)),
        p99Ms: median(sorted((run) => run.latency.p99)),
        created: ok,
        non2xx: list.reduce((sum, run) => sum + run.result.non2xx, 0),
        errors: list.reduce((sum, run) => sum + run.result.errors + run.result.timeouts, 0),
        cpuMsPerRequest: list.reduce((sum, run) => sum + run.cpuMs, 0) / Math.max(1, ok),
      };
    };
    const realSide = side(real);
    const bareSide = side(bare);
    return {
      options,
      answerBytes: sized.bytes,
      storage: ready.storage,
      real: realSide,
      bare: bareSide,
      rpsRatio: realSide.rps / bareSide.rps,
      machineBefore,
      machineAfter: machine(),
    };
  } finally {
    await Promise.all([realChild.stop(), bareChild.stop()]);
  }
}

export function describeOrderCreate(result: OrderCreateResult): string {
  const row = (name: string, side: OrderCreateSide) => [
    name,
    side.rps.toFixed(0),
    ms(side.p50Ms),
    ms(side.p99Ms),
    String(side.created),
    String(side.non2xx + side.errors),
    ms(side.cpuMsPerRequest),
  ];
  return [
    `Order creation: POST /api/orders, ${result.options.connections} connections, ${result.options.durationS} s each in ${SEGMENTS} alternating segments, answers of ${result.answerBytes} bytes`,
    table([
      ['  server', 'req/s', 'p50', 'p99 (median of segments)', '2xx', 'other/errors', 'server CPU/request'],
      row(`  real app (createOrder, ${result.storage})`, result.real),
      row('  bare Koa route (same-size JSON)', result.bare),
    ]),
    `  real / bare: ${ratio(result.rpsRatio)} of the requests per second; p99 ${ratio(result.real.p99Ms / Math.max(0.001, result.bare.p99Ms))}`,
    `  machine: ${result.machineBefore} before, ${result.machineAfter} after`,
  ].join('\n');
}

export function orderCreateOptions(args: string[]): OrderCreateOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
    },
    strict: false,
  });
  return { durationS: Number(values.duration), warmupS: Number(values.warmup), connections: Number(values.connections) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(describeOrderCreate(await runOrderCreateBench(orderCreateOptions(process.argv.slice(2)))));
  process.exit(0);
}
