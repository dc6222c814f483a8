/**
 * `npm run bench:mixed` (issue 17, "Under load together"): mixed public reads and order
 * creations at a fixed arrival rate (open loop: request n leaves at n / rate s, whatever the
 * earlier answers did) while Socket.IO pages stay open — order pages in their order's room,
 * widgets watching one random pair — on the generated catalogue (1,000 assets, 20,000 directions,
 * as `npm run cli -- db:seed --generated`), against
 *   (a) one web process on the embedded defaults (ROLE=all: SQLite, in-process KV, worker inside),
 *   (b) two web processes (ROLE=web) on MariaDB and Redis plus the worker (ROLE=worker).
 * The servers are the product's own start (bench/mixed/server.ts, bench/mixed/worker.ts); the
 * harness stands in for the load balancer (requests and pages alternate between web processes,
 * each visitor has its own X-Forwarded-For address, TRUST_PROXY=1).
 *
 * The reads are the public GETs a visitor's pages make (the HTML of / and /reserves, config, the
 * asset list, one asset's directions, the rates of a pair, of an asset, the reserves, an order);
 * the writes are POST /api/orders and, on the orders the open order pages watch, the customer's
 * own status actions (confirm, then paid or cancel: POST /api/orders/:uid/:secret/<action>),
 * each of which the order's page must receive as `order:status`. Rates move on the worker's tick;
 * each widget must receive every change of its pair (`rates:pair`) that the server's store had.
 *
 * Latency runs from the request's scheduled time to the end of its body. Targets: p99 < 300 ms,
 * no 5xx, 100 % of broadcasts and order statuses delivered.
 * Run: node --import tsx bench/mixed.ts [--seconds 60] [--rate 300] [--clients 1000] [--setups a,b]
 *      [--page-share 0.5] [--client-processes 2]
 * (b) uses MariaDB at BENCH_MYSQL (mysql://root@127.0.0.1:3306/h_mixed, dropped and created) and
 * Redis at BENCH_REDIS (redis://127.0.0.1:6379/5, flushed).
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import Big from 'big.js';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { generateCatalogue } from '../db/seeders/generate';
import { directionKey } from '../backend/rates/engine';
import { sleep, startChild, type BenchChild, type BenchMessage } from './lib/child';
import { temporaryDataDir } from './lib/server';
import { machine, megabytes, ms, percent, ratio, table } from './lib/stats';
import type { PageReport, PageSpec } from './mixed/clients';
import { arrivalOffsets, deliveryOf, seededRandom, summarise, visitorIp, weightedPicker, type KindSummary, type Outcome } from './mixed/schedule';

export const TARGET_P99_MS = 300;
const PUBLIC_ORIGIN = 'http://127.0.0.1';
const REQUEST_TIMEOUT_MS = 30_000;
/** Connections per web process, as a proxy's upstream pool. */
const MAX_SOCKETS = 256;
const VISITORS = 5000;
/** After the load: how long pages get for the last frames before they report. */
const SETTLE_MS = 4000;
/** Baseline: rounds of one request of each kind at a time; then the servers at rest for REST_MS. */
const BASELINE_ROUNDS = 10;
const REST_MS = 6000;
const PORTS = { a: [47101], b: [47111, 47112] } as const;

/** A progress line on stderr (the figures go to stdout). */
function progress(text: string): void {
  process.stderr.write(`  [${new Date().toISOString().slice(11, 19)}] ${text}\n`);
}

/** Shares of the arrivals (they add up to 100). */
export const MIX = {
  html: 8,
  config: 8,
  assets: 10,
  assetDirections: 10,
  ratesPair: 14,
  ratesAsset: 6,
  reserves: 8,
  orderGet: 16,
  create: 12,
  action: 8,
} as const;
type Kind = keyof typeof MIX;

export interface MixedOptions {
  seconds: number;
  rate: number;
  clients: number;
  setups: Array<'a' | 'b'>;
  pageShare: number;
  clientProcesses: number;
}

interface Order {
  uid: string;
  secret: string;
}

interface Setup {
  name: string;
  webs: BenchChild[];
  worker: BenchChild | null;
  urls: string[];
  storage: string;
}

type Status = BenchMessage & { version: number; rss: number; peakRss: number; cpuMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number; sockets: number };

const catalogue = generateCatalogue();
const orderDirections = catalogue.directions.filter((d) => {
  const from = catalogue.assets.find((asset) => asset.code === d.from);
  const to = catalogue.assets.find((asset) => asset.code === d.to);
  return d.enabled && d.rateTypes.includes('fixed') && from?.type === 'coin' && to?.type === 'fiat';
});

function orderBody(n: number, random: () => number): string {
  const direction = orderDirections[Math.floor(random() * orderDirections.length)];
  return JSON.stringify({
    from: direction.from,
    to: direction.to,
    amountSend: new Big(direction.minAmount).times(2).toFixed(),
    rateType: 'fixed',
    email: `mixed-${n}@example.test`,
    receiverAccount: '4111111111111111',
    extra: { cardHolder: 'John Smith' },
    agreeTerms: true,
  });
}

/**
 * The load balancer's side of the wire: keep-alive connections, at most MAX_SOCKETS per web
 * process (a request beyond them waits for one, and that wait counts in its latency), answers
 * compressed as a browser asks for them.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

function call(url: string, visitor: number, body?: string, read = false): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { lang: 'en', 'x-forwarded-for': visitorIp(visitor), 'accept-encoding': 'br, gzip' };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, 'content-length': String(Buffer.byteLength(body)) });
  return new Promise((resolve) => {
    const request = http.request(url, { method: body === undefined ? 'GET' : 'POST', headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        // Only answers the harness reads (a created order, a refusal, what it asked to read) are decoded.
        const wanted = read || status === 201 || status >= 400;
        resolve({ status, text: wanted ? decoded(Buffer.concat(chunks), response.headers['content-encoding']) : '' });
      });
      response.on('error', () => resolve({ status: 0, text: '' }));
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
    request.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 0, text: '' });
    });
    request.end(body);
  });
}

async function startSetup(name: 'a' | 'b', children: BenchChild[]): Promise<Setup> {
  const dataDir = temporaryDataDir();
  if (name === 'a') {
    const web = startChild('web (all)', 'mixed/server.ts', { BENCH_ROLE: 'all', BENCH_SEED: '1', BENCH_DATA_DIR: dataDir, BENCH_PORT: String(PORTS.a[0]) });
    children.push(web);
    const ready = await web.receive<BenchMessage & { port: number; storage: string }>('ready', 600_000);
    return { name: '(a) one web process, embedded defaults (ROLE=all)', webs: [web], worker: null, urls: [`http://127.0.0.1:${ready.port}`], storage: ready.storage };
  }
  const databaseUrl = process.env.BENCH_MYSQL ?? 'mysql://root@127.0.0.1:3306/h_mixed';
  const redisUrl = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/5';
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = await mysql.createConnection({ host: new URL(databaseUrl).hostname, port: Number(new URL(databaseUrl).port || 3306), user: decodeURIComponent(new URL(databaseUrl).username) });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
  await admin.end();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const storage = { BENCH_DATABASE_URL: databaseUrl, BENCH_REDIS_URL: redisUrl, BENCH_REDIS_PREFIX: 'mixed:', BENCH_DATA_DIR: dataDir };
  const first = startChild('web 1', 'mixed/server.ts', { ...storage, BENCH_ROLE: 'web', BENCH_SEED: '1', BENCH_PORT: String(PORTS.b[0]) });
  children.push(first);
  const one = await first.receive<BenchMessage & { port: number; storage: string }>('ready', 900_000);
  const second = startChild('web 2', 'mixed/server.ts', { ...storage, BENCH_ROLE: 'web', BENCH_PORT: String(PORTS.b[1]) });
  const worker = startChild('worker', 'mixed/worker.ts', storage);
  children.push(second, worker);
  const [two] = await Promise.all([second.receive<BenchMessage & { port: number }>('ready', 300_000), worker.receive('ready', 300_000)]);
  return {
    name: '(b) two web processes + the worker, MariaDB and Redis',
    webs: [first, second],
    worker,
    urls: [`http://127.0.0.1:${one.port}`, `http://127.0.0.1:${two.port}`],
    storage: one.storage,
  };
}

/** Orders for the order pages, created through the API before the measured run (not timed). */
async function createPageOrders(count: number, urls: string[], random: () => number): Promise<{ orders: Order[]; failures: string[] }> {
  const orders: Order[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const n = next++;
        const answer = await call(`${urls[n % urls.length]}/api/orders`, 1_000_000 + n, orderBody(1_000_000 + n, random));
        if (answer.status === 201) {
          const { data } = JSON.parse(answer.text) as { data: Order };
          orders.push({ uid: data.uid, secret: data.secret });
        } else failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }),
  );
  return { orders, failures };
}

/** Per order: the changes it went through (confirmed, paid, cancelled), as the API reads it now. */
async function statusChangesOf(orders: Order[], urls: string[]): Promise<Map<string, number>> {
  const changes = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < orders.length) {
        const n = next++;
        const { uid, secret } = orders[n];
        let answer = { status: 0, text: '' };
        for (let attempt = 0; attempt < 5 && answer.status !== 200; attempt += 1) {
          answer = await call(`${urls[n % urls.length]}/api/orders/${uid}/${secret}`, 2_000_000 + n, undefined, true);
        }
        if (answer.status !== 200) throw new Error(`reading order ${uid} back: ${answer.status}`);
        const { data } = JSON.parse(answer.text) as { data: { confirmedAt: string | null; paidAt: string | null; status: string; deleteReason: string | null } };
        changes.set(uid, Number(data.confirmedAt !== null) + Number(data.paidAt !== null) + Number(data.status === 'deleted' && data.deleteReason === 'cancelled'));
      }
    }),
  );
  return changes;
}

interface RunResult {
  setup: Setup;
  options: MixedOptions;
  offered: number;
  achieved: number;
  achievedOk: number;
  lateness: ReturnType<typeof summarise>[number]['latency'];
  kinds: KindSummary[];
  baseline: KindSummary[];
  atRest: Array<{ cpuShare: number; loopDelayP99Ms: number; loopDelayMaxMs: number }>;
  broadcasts: { expected: number; delivered: number; extra: number; gaps: number; widgets: number };
  statuses: { expected: number; delivered: number; extra: number; pages: number; actionsOk: number; actionsSent: number };
  generator: { cpuShare: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
  ticks: number;
  pagesOpened: number;
  pagesClosed: number;
  setupOrders: { created: number; failures: string[] };
  webs: Status[];
  webCpuMs: number[];
  worker: (BenchMessage & { rss: number; peakRss: number; cpuMs: number }) | null;
  machineBefore: string;
  machineAfter: string;
}

async function runSetup(name: 'a' | 'b', options: MixedOptions, children: BenchChild[], servers: BenchChild[]): Promise<RunResult> {
  const random = seededRandom(17);
  const setup = await startSetup(name, children);
  servers.push(...setup.webs, ...(setup.worker ? [setup.worker] : []));
  await Promise.all(setup.webs.map((web) => web.ask({ type: 'rates' }, 'rates', 300_000)));

  progress(`${setup.name}: servers up, rates published`);
  const pageCount = Math.round(options.clients * options.pageShare);
  const created = await createPageOrders(pageCount, setup.urls, random);
  if (created.orders.length === 0 && pageCount > 0) throw new Error(`no order could be created: ${created.failures[0]}`);
  const specs: PageSpec[] = [];
  for (let index = 0; index < options.clients; index += 1) {
    const web = index % setup.urls.length;
    if (index < created.orders.length) specs.push({ index, web, order: created.orders[index] });
    else {
      const direction = catalogue.directions[Math.floor(random() * catalogue.directions.length)];
      specs.push({ index, web, pair: { from: direction.from, to: direction.to } });
    }
  }
  progress(`${created.orders.length} orders created for the order pages (${created.failures.length} refused)`);
  const widgetKeys = [...new Set(specs.flatMap((spec) => (spec.pair ? [directionKey(spec.pair)] : [])))];
  await Promise.all(setup.webs.map((web) => web.ask({ type: 'watch', keys: widgetKeys }, 'watching', 30_000)));
  const groups: BenchChild[] = [];
  for (let group = 0; group < options.clientProcesses; group += 1) {
    groups.push(startChild(`pages ${group + 1}`, 'mixed/clients.ts', { BENCH_URLS: setup.urls.join(','), BENCH_ORIGIN: PUBLIC_ORIGIN }));
  }
  children.push(...groups);
  await Promise.all(groups.map((group) => group.receive('started', 60_000)));
  const opened = await Promise.all(
    groups.map((group, g) => group.ask<BenchMessage & { opened: number; failed: number; firstError: string | null }>({ type: 'open', pages: specs.filter((_, n) => n % groups.length === g) }, 'opened', 600_000)),
  );
  progress(`${opened.reduce((sum, group) => sum + group.opened, 0)} pages open`);
  const failedOpen = opened.find((group) => group.failed > 0);
  if (failedOpen) console.log(`  ${failedOpen.failed} pages could not open: ${failedOpen.firstError}`);

  // The actions the order pages will see: every order confirmed, then paid (even) or cancelled (odd).
  const actions: Array<{ order: Order; action: string }> = [
    ...created.orders.map((order) => ({ order, action: 'confirm' })),
    ...created.orders.map((order, n) => ({ order, action: n % 2 === 0 ? 'paid' : 'cancel' })),
  ];
  const expectedStatuses = new Map(created.orders.map((order) => [order.uid, 0]));
  const knownOrders: Order[] = [...created.orders];
  const assetCodes = catalogue.assets.map((asset) => asset.code);
  const pick = weightedPicker(MIX);

  let actionNext = 0;

  /** The request of arrival n: its kind (an action past the plan reads the order instead), URL, body, what a 2xx records. */
  const requestOf = (n: number, wanted: Kind, plannedActions = true) => {
    const base = setup.urls[n % setup.urls.length];
    let kind: Kind = wanted;
    if (kind === 'action' && (!plannedActions || actionNext >= actions.length)) kind = 'orderGet';
    if (kind === 'orderGet' && knownOrders.length === 0) kind = 'config';
    let url = `${base}/api/config`;
    let body: string | undefined;
    let onOk: ((text: string) => void) | null = null;
    const direction = () => catalogue.directions[Math.floor(random() * catalogue.directions.length)];
    switch (kind) {
      case 'html':
        url = `${base}${n % 2 === 0 ? '/' : '/reserves'}`;
        break;
      case 'assets':
        url = `${base}/api/catalogue/assets`;
        break;
      case 'assetDirections':
        url = `${base}/api/catalogue/assets/${encodeURIComponent(assetCodes[Math.floor(random() * assetCodes.length)])}/directions`;
        break;
      case 'ratesPair': {
        const d = direction();
        url = `${base}/api/rates?pairs=${d.from}-${d.to}`;
        break;
      }
      case 'ratesAsset':
        url = `${base}/api/rates?asset=${encodeURIComponent(assetCodes[Math.floor(random() * assetCodes.length)])}`;
        break;
      case 'reserves':
        url = `${base}/api/rates?reserves=1`;
        break;
      case 'orderGet': {
        const order = knownOrders[Math.floor(random() * knownOrders.length)];
        url = `${base}/api/orders/${order.uid}/${order.secret}`;
        break;
      }
      case 'create':
        url = `${base}/api/orders`;
        body = orderBody(n, random);
        onOk = (text) => {
          const { data } = JSON.parse(text) as { data: Order };
          knownOrders.push({ uid: data.uid, secret: data.secret });
        };
        break;
      case 'action': {
        const { order, action } = actions[actionNext++];
        url = `${base}/api/orders/${order.uid}/${order.secret}/${action}`;
        body = '{}';
        onOk = () => expectedStatuses.set(order.uid, (expectedStatuses.get(order.uid) ?? 0) + 1);
        break;
      }
      default:
        break;
    }
    return { kind, url, body, onOk };
  };

  // Baseline, same run and same server, pages open: each kind's answer one request at a time
  // (closed loop, nothing else in flight), and the servers' own cost at rest for a few seconds.
  const baseline: Outcome[] = [];
  for (let round = 0; round < BASELINE_ROUNDS; round += 1) {
    for (const wanted of Object.keys(MIX) as Kind[]) {
      if (wanted === 'action') continue;
      const { kind, url, body, onOk } = requestOf(round, wanted, false);
      const sentAt = performance.now();
      const { status, text } = await call(url, Math.floor(random() * VISITORS), body);
      baseline.push({ kind, status, latencyMs: performance.now() - sentAt });
      if (status >= 200 && status < 300) onOk?.(text);
    }
  }
  const restBefore = await Promise.all(setup.webs.map((web) => web.ask<BenchMessage & { cpuMs: number }>({ type: 'reset' }, 'reset', 10_000)));
  await sleep(REST_MS);
  const rest = await Promise.all(setup.webs.map((web) => web.ask<Status>({ type: 'status' }, 'status', 30_000)));
  const atRest = rest.map((status, n) => ({ cpuShare: (status.cpuMs - restBefore[n].cpuMs) / REST_MS, loopDelayP99Ms: status.loopDelayP99Ms, loopDelayMaxMs: status.loopDelayMaxMs }));

  const cpuBefore = await Promise.all(setup.webs.map((web) => web.ask<BenchMessage & { cpuMs: number }>({ type: 'reset' }, 'reset', 10_000)));
  const machineBefore = machine();
  progress(`baseline done; the load starts (${options.seconds} s)`);
  const offsets = arrivalOffsets(options.rate, options.seconds);
  const outcomes: Outcome[] = [];
  const lateness: number[] = [];
  let lastAnswerAt = 0;
  const inflight = new Set<Promise<void>>();

  const launch = (n: number, dueAt: number) => {
    const visitor = Math.floor(random() * VISITORS);
    const { kind, url, body, onOk } = requestOf(n, pick(random()));
    lateness.push(performance.now() - dueAt);
    const request = call(url, visitor, body).then(({ status, text }) => {
      const at = performance.now();
      lastAnswerAt = Math.max(lastAnswerAt, at);
      outcomes.push({ kind, status, latencyMs: at - dueAt });
      if (status >= 200 && status < 300) onOk?.(text);
      inflight.delete(request);
    });
    inflight.add(request);
  };

  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  generatorDelay.enable();
  const generatorCpu = process.cpuUsage();
  const start = performance.now() + 100;
  await new Promise<void>((resolve) => {
    let n = 0;
    const timer = setInterval(() => {
      const now = performance.now() - start;
      while (n < offsets.length && offsets[n] <= now) {
        launch(n, start + offsets[n]);
        n += 1;
      }
      if (n >= offsets.length) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const generatorCpuMs = (process.cpuUsage(generatorCpu).user + process.cpuUsage(generatorCpu).system) / 1000;
  generatorDelay.disable();
  const generator = { cpuShare: generatorCpuMs / (options.seconds * 1000), loopDelayP99Ms: generatorDelay.percentile(99) / 1e6, loopDelayMaxMs: generatorDelay.max / 1e6 };
  progress(`every request sent; ${inflight.size} still unanswered`);
  await Promise.all([...inflight]);
  progress('every request answered or timed out');
  const elapsedS = (lastAnswerAt - start) / 1000;

  // Rates keep moving: count what every server had emitted by now, give the pages time to get it.
  const cutoff = Math.max(...(await Promise.all(setup.webs.map((web) => web.ask<Status>({ type: 'status' }, 'status', 30_000)))).map((s) => s.version));
  // What each order page is owed: the changes its order went through by now, read back through
  // the API (an action whose answer timed out may still have been carried out and announced);
  // changes made after this read are counted apart, as unexpected, never as owed.
  const changed = await statusChangesOf(created.orders, setup.urls);
  progress('orders read back; the pages get the last events');
  await sleep(SETTLE_MS);
  const reports = (await Promise.all(groups.map((group) => group.ask<BenchMessage & { pages: PageReport[] }>({ type: 'report' }, 'report', 60_000)))).flatMap((r) => r.pages);
  const changes = await Promise.all(setup.webs.map((web) => web.ask<BenchMessage & { changes: Array<[string, number[]]> }>({ type: 'changes' }, 'changes', 60_000)));
  const webs = await Promise.all(setup.webs.map((web) => web.ask<Status>({ type: 'status' }, 'status', 30_000)));
  const worker = setup.worker ? await setup.worker.ask<BenchMessage & { rss: number; peakRss: number; cpuMs: number }>({ type: 'status' }, 'status', 30_000) : null;
  const machineAfter = machine();
  await Promise.all(groups.map((group) => group.ask({ type: 'close' }, 'closed', 30_000)));

  // What each widget was owed: every version (after its watch's snapshot, up to the cutoff) in
  // which any web process's store changed its pair.
  const versionsOf = new Map<string, Set<number>>();
  for (const reply of changes) {
    for (const [key, versions] of reply.changes) {
      let set = versionsOf.get(key);
      if (!set) versionsOf.set(key, (set = new Set()));
      for (const version of versions) set.add(version);
    }
  }
  const bySpec = new Map(specs.map((spec) => [spec.index, spec]));
  const broadcasts = { expected: 0, delivered: 0, extra: 0, gaps: 0, widgets: 0 };
  const statusOwed = new Map<string, number>();
  const statusGot = new Map<string, number>();
  let ticks = 0;
  for (const report of reports) {
    const spec = bySpec.get(report.index)!;
    ticks += report.ticks;
    if (spec.order) {
      statusOwed.set(spec.order.uid, changed.get(spec.order.uid) ?? 0);
      statusGot.set(spec.order.uid, report.statuses);
      continue;
    }
    broadcasts.widgets += 1;
    broadcasts.gaps += report.gaps;
    const owed = [...(versionsOf.get(directionKey(spec.pair!)) ?? [])].filter((v) => v > report.ackVersion && v <= cutoff);
    const got = new Set(report.versions.filter((v) => v <= cutoff));
    broadcasts.expected += owed.length;
    broadcasts.delivered += owed.filter((v) => got.has(v)).length;
    broadcasts.extra += [...got].filter((v) => !owed.includes(v)).length;
  }
  // Pages that did not open are owed their events all the same.
  for (const order of created.orders) if (!statusOwed.has(order.uid)) statusOwed.set(order.uid, changed.get(order.uid) ?? 0);
  const actionsOk = [...expectedStatuses.values()].reduce((sum, count) => sum + count, 0);
  const statuses = { ...deliveryOf(statusOwed, statusGot), pages: statusGot.size, actionsOk, actionsSent: actionNext };
  return {
    setup,
    options,
    offered: offsets.length / options.seconds,
    achieved: outcomes.filter((o) => o.status > 0).length / elapsedS,
    achievedOk: outcomes.filter((o) => o.status >= 200 && o.status < 300).length / elapsedS,
    lateness: summarise(lateness.map((latencyMs) => ({ kind: 'launch', status: 200, latencyMs })))[0].latency,
    kinds: summarise(outcomes),
    baseline: summarise(baseline),
    atRest,
    broadcasts,
    statuses,
    generator,
    ticks,
    pagesOpened: opened.reduce((sum, group) => sum + group.opened, 0),
    pagesClosed: reports.filter((report) => report.closed).length,
    setupOrders: { created: created.orders.length, failures: created.failures.slice(0, 3) },
    webs,
    webCpuMs: webs.map((status, n) => status.cpuMs - cpuBefore[n].cpuMs),
    worker,
    machineBefore,
    machineAfter,
  };
}

export function mixedMet(result: RunResult): boolean {
  const all = result.kinds[result.kinds.length - 1];
  return (
    all.latency.p99 < TARGET_P99_MS &&
    all.serverErrors === 0 &&
    result.broadcasts.delivered === result.broadcasts.expected &&
    result.statuses.delivered === result.statuses.expected
  );
}

export function describeMixed(result: RunResult): string {
  const { options } = result;
  const codes = (summary: KindSummary) =>
    Object.entries(summary.otherCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ') || '-';
  const unloaded = new Map(result.baseline.map((k) => [k.kind, k.latency.p50]));
  const rows = result.kinds.map((k) => {
    const base = unloaded.get(k.kind);
    return [
      `  ${k.kind}`,
      String(k.latency.count),
      ms(k.latency.p50),
      ms(k.latency.p95),
      ms(k.latency.p99),
      ms(k.latency.max),
      String(k.ok),
      String(k.serverErrors),
      codes(k),
      base === undefined ? '-' : ms(base),
      base === undefined ? '-' : ratio(k.latency.p50 / base),
    ];
  });
  const all = result.kinds[result.kinds.length - 1];
  const share = (part: { expected: number; delivered: number }) => (part.expected === 0 ? 'nothing owed' : percent(part.delivered / part.expected));
  return [
    `${result.setup.name} — ${result.setup.storage}; ${options.seconds} s at ${options.rate} req/s (open loop), ${options.clients} Socket.IO pages`,
    `  machine: ${result.machineBefore} before the load, ${result.machineAfter} after`,
    `  pages: ${result.pagesOpened} opened (${result.statuses.pages} order pages on orders created before the run, ${result.broadcasts.widgets} widgets on random pairs), ${result.pagesClosed} closed during the run; ${result.setupOrders.created} setup orders${result.setupOrders.failures.length ? `, failures: ${result.setupOrders.failures.join(' | ')}` : ''}`,
    `  offered ${result.offered.toFixed(1)} req/s, achieved ${result.achieved.toFixed(1)} HTTP answers/s (${result.achievedOk.toFixed(1)} 2xx/s; status 0 = no answer: ${REQUEST_TIMEOUT_MS / 1000} s timeout or a dropped connection); load generator (this process, at most ${MAX_SOCKETS} keep-alive connections per web process): sent late by p99 ${ms(result.lateness.p99)}, max ${ms(result.lateness.max)}; its CPU ${percent(result.generator.cpuShare)} of a core, event-loop delay p99 ${ms(result.generator.loopDelayP99Ms)} max ${ms(result.generator.loopDelayMaxMs)}`,
    table([['  kind', 'answers', 'p50', 'p95', 'p99', 'max', '2xx', '5xx', 'other non-2xx', 'baseline p50', 'p50 / baseline'], ...rows]),
    `  baseline (same run, same servers, pages open, before the load): each kind one request at a time, ${BASELINE_ROUNDS} rounds (${result.baseline.filter((k) => k.kind !== 'all').reduce((sum, k) => sum + k.serverErrors + Object.values(k.otherCodes).reduce((a, b) => a + b, 0), 0)} non-2xx); servers at rest for ${REST_MS / 1000} s: ${result.atRest.map((r, n) => `web ${n + 1} CPU ${percent(r.cpuShare)} of a core, event-loop delay p99 ${ms(r.loopDelayP99Ms)} max ${ms(r.loopDelayMaxMs)}`).join('; ')}`,
    `  broadcasts (rates:pair to widgets): expected ${result.broadcasts.expected}, delivered ${result.broadcasts.delivered} (${share(result.broadcasts)}), unexpected ${result.broadcasts.extra}, gaps seen by pages ${result.broadcasts.gaps}`,
    `  order statuses (order:status to order pages; owed = the changes each order went through, read back after the run; ${result.statuses.actionsSent} actions sent, ${result.statuses.actionsOk} answered 2xx): expected ${result.statuses.expected}, delivered ${result.statuses.delivered} (${share(result.statuses)}), unexpected ${result.statuses.extra}; order:tick frames received ${result.ticks}`,
    `  server RSS: ${result.webs.map((w, n) => `web ${n + 1} ${megabytes(w.rss)} at the end (peak ${megabytes(w.peakRss)}), CPU ${(result.webCpuMs[n] / 1000).toFixed(1)} s, event-loop delay p99 ${ms(w.loopDelayP99Ms)} max ${ms(w.loopDelayMaxMs)}`).join('; ')}${result.worker ? `; worker ${megabytes(result.worker.rss)} (peak ${megabytes(result.worker.peakRss)})` : ''}`,
    `  targets: p99 ${ms(all.latency.p99)} < ${TARGET_P99_MS} ms: ${all.latency.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}; 5xx ${all.serverErrors}: ${all.serverErrors === 0 ? 'met' : 'MISSED'}; broadcasts ${share(result.broadcasts)}: ${result.broadcasts.delivered === result.broadcasts.expected ? 'met' : 'MISSED'}; statuses ${share(result.statuses)}: ${result.statuses.delivered === result.statuses.expected ? 'met' : 'MISSED'} — ${mixedMet(result) ? 'all met' : 'NOT all met'}`,
  ].join('\n');
}

export function mixedOptions(args: string[]): MixedOptions {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '60' },
      rate: { type: 'string', default: '300' },
      clients: { type: 'string', default: '1000' },
      setups: { type: 'string', default: 'a,b' },
      'page-share': { type: 'string', default: '0.5' },
      'client-processes': { type: 'string', default: '2' },
    },
    strict: true,
  });
  const setups = String(values.setups).split(',').filter((s): s is 'a' | 'b' => s === 'a' || s === 'b');
  return {
    seconds: Number(values.seconds),
    rate: Number(values.rate),
    clients: Number(values.clients),
    setups,
    pageShare: Number(values['page-share']),
    clientProcesses: Number(values['client-processes']),
  };
}

const options = mixedOptions(process.argv.slice(2));
console.log(`bench:mixed — ${new Date().toISOString()}, ${machine()}`);
console.log(`  mix (shares of the arrivals): ${Object.entries(MIX).map(([kind, share]) => `${kind} ${share}`).join(', ')}`);
let failed = false;
for (const name of options.setups) {
  const children: BenchChild[] = [];
  const servers: BenchChild[] = [];
  try {
    const result = await runSetup(name, options, children, servers);
    console.log(describeMixed(result));
  } catch (error) {
    failed = true;
    console.log(`setup ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await Promise.allSettled(servers.map((child) => child.ask({ type: 'stop' }, 'stopped', 15_000)));
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}
process.exit(failed ? 1 : 0);
