/**
 * Monitoring exports under load: autocannon against /export/rates.{xml,json,txt} of the real
 * server (generated 1,000-currency / 20,000-direction catalogue, worker producing rates every tick,
 * bench/exports/sut-server.ts) beside a bare node:http server serving the same prebuilt bytes
 * (bench/exports/http-baseline.ts), in the same run, in each coding (Accept-Encoding br, gzip,
 * identity; the baseline gets the real server's compressed bytes). For each format and coding
 * both get a warm-up, then alternating runs adding up to the same duration each
 * (bench/exports/load.ts). Prints requests/s, latency, server CPU and wire bytes per request, the
 * database queries counted while the load ran, and the export rebuild time — compression
 * included — measured by bench/export-rebuild.ts.
 *
 * The worker runs inside the web process (`in-process`, the embedded default) and, when a Redis
 * is given (--redis, or BENCH_REDIS_URL / TEST_REDIS_URL), also as its own process (`separate`).
 * Run: node --import tsx bench/exports.ts [--duration 10] [--warmup 3] [--connections 50] [--redis URL]
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { sleep, startChild, type BenchChild, type BenchMessage } from './lib/child';
import { kilobytes, machine, ms, ratio, table } from './lib/stats';
import { rawRequest } from '../backend/test/http';
import type { PrebuiltFile } from './exports/http-baseline';
import { compare, idleCpu, SEGMENTS, type LoadFigures, type LoadOptions } from './exports/load';

export const TARGET_RPS_RATIO = 0.8;
export const TARGET_REBUILD_MS = 50;
const FORMATS = ['xml', 'json', 'txt'] as const;
const CODINGS = ['br', 'gzip', 'identity'] as const;
const PREBUILT_HEADERS = ['content-type', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary'];
const COMPRESSED_WAIT_MS = 30_000;
const REBUILD_ROUNDS = 30;

export type WorkerMode = 'in-process' | 'separate';

export interface ExportsOptions extends LoadOptions {
  /** Redis for the `separate` mode; null runs `in-process` only. */
  redisUrl: string | null;
}

export interface FormatFigures {
  format: (typeof FORMATS)[number];
  coding: (typeof CODINGS)[number];
  /** Body bytes of this format in this coding. */
  bytes: number;
  real: LoadFigures;
  baseline: LoadFigures;
  ratio: number;
}

export interface ModeFigures {
  mode: WorkerMode;
  catalogue: { assets: number; directions: number; published: number };
  formats: FormatFigures[];
  /** Queries on the web server's connection and on the worker's while the load ran. */
  queries: { web: number; worker: number; requests: number };
  /** Rate versions the store applied (rebuilding the exports each time) while the load ran. */
  versions: number;
  /** CPU each server process used per second with no requests. */
  idleCpuMsPerS: { real: number; baseline: number };
  /** Event-loop delay of the real server while the load ran. */
  loopDelay: { p99Ms: number; maxMs: number };
  machineAfter: string;
}

export interface ExportsResult {
  options: ExportsOptions;
  modes: ModeFigures[];
  rebuild: {
    /** Building the raw bodies: the part that holds the event loop. */
    medianMs: number | null;
    /** Building and compressing them (br and gzip, on the thread pool) until all are served. */
    compressedMedianMs: number | null;
    baselineMedianMs: number | null;
    output: string;
  };
  machineBefore: string;
}

interface Status extends BenchMessage {
  queries: { web: number; worker: number };
  version: number;
  published: number;
  /** Event-loop delay of the web process since the last reset. */
  loopDelay: { p99Ms: number; maxMs: number };
}

/** bench/export-rebuild.ts in its own process; its medians are read back from what it prints. */
async function measureRebuild(): Promise<ExportsResult['rebuild']> {
  const script = new URL('./export-rebuild.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, String(REBUILD_ROUNDS)], { maxBuffer: 1 << 20 });
  const median = (label: string) => {
    const line = stdout.split('\n').find((text) => text.includes(label));
    const match = line ? /median ([\d.]+) ms/.exec(line) : null;
    return match ? Number(match[1]) : null;
  };
  return {
    medianMs: median('buildExportCache'),
    compressedMedianMs: median('with br and gzip'),
    baselineMedianMs: median('baseline'),
    output: stdout.trimEnd(),
  };
}

/** One export in one coding as the real server sends it (waiting for its compressed copies). */
async function fetchPrebuiltFile(port: number, path: string, coding: (typeof CODINGS)[number]): Promise<PrebuiltFile> {
  const deadline = Date.now() + COMPRESSED_WAIT_MS;
  for (;;) {
    const answer = await rawRequest(`http://127.0.0.1:${port}${path}`, { 'accept-encoding': coding });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const sent = answer.headers['content-encoding'] ?? 'identity';
    if (sent === coding) {
      const headers: Record<string, string> = {};
      for (const name of PREBUILT_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) headers[name] = String(value);
      }
      return { path, coding, headers, body: answer.body.toString('base64') };
    }
    if (Date.now() > deadline) throw new Error(`${path} was not sent in ${coding} within ${COMPRESSED_WAIT_MS} ms`);
    await sleep(50);
  }
}

async function fetchPrebuilt(port: number): Promise<PrebuiltFile[]> {
  const files: PrebuiltFile[] = [];
  for (const format of FORMATS) {
    for (const coding of CODINGS) files.push(await fetchPrebuiltFile(port, `/export/rates.${format}`, coding));
  }
  return files;
}

async function runMode(mode: WorkerMode, options: ExportsOptions, children: BenchChild[]): Promise<ModeFigures> {
  const redis: Record<string, string> =
    mode === 'separate' ? { BENCH_REDIS_URL: options.redisUrl!, BENCH_REDIS_PREFIX: `bench:${randomUUID().slice(0, 8)}:` } : {};
  const sut = startChild(`real server (${mode})`, 'exports/sut-server.ts', { BENCH_WORKER: mode, ...redis });
  children.push(sut);
  const ready = await sut.receive<BenchMessage & { port: number; dataDir: string; assets: number; directions: number }>('ready', 300_000);
  let worker: BenchChild | null = null;
  if (mode === 'separate') {
    worker = startChild('worker', 'exports/worker.ts', { BENCH_DATA_DIR: ready.dataDir, ...redis });
    children.push(worker);
    await worker.receive('ready', 60_000);
  }
  await sut.ask({ type: 'rates' }, 'rates', 150_000);
  const baseline = startChild('node:http baseline', 'exports/http-baseline.ts');
  children.push(baseline);
  const baseReady = await baseline.receive<BenchMessage & { port: number }>('ready', 30_000);
  const files = await fetchPrebuilt(ready.port);
  await baseline.ask({ type: 'files', files }, 'files', 30_000);
  const workerQueries = async () => (worker ? (await worker.ask<BenchMessage & { queries: number }>({ type: 'status' }, 'status', 10_000)).queries : 0);

  const idle = { real: await idleCpu(sut), baseline: await idleCpu(baseline) };
  const start = await sut.ask<Status>({ type: 'status', resetLoopDelay: true }, 'status', 10_000);
  const startWorkerQueries = await workerQueries();
  const formats: FormatFigures[] = [];
  for (const format of FORMATS) {
    for (const coding of CODINGS) {
      const path = `/export/rates.${format}`;
      const headers = { 'accept-encoding': coding };
      const [real, base] = await compare(
        { child: sut, url: `http://127.0.0.1:${ready.port}${path}`, headers },
        { child: baseline, url: `http://127.0.0.1:${baseReady.port}${path}`, headers },
        options,
      );
      const file = files.find((each) => each.path === path && each.coding === coding)!;
      formats.push({ format, coding, bytes: Buffer.from(file.body, 'base64').length, real, baseline: base, ratio: real.rps / base.rps });
    }
  }
  const end = await sut.ask<Status>({ type: 'status' }, 'status', 10_000);
  const endWorkerQueries = await workerQueries();
  // The worker first (it writes into the database and KV the server is about to close).
  await worker?.ask({ type: 'stop' }, 'stopped', 30_000).catch(() => undefined);
  await sut.ask({ type: 'stop' }, 'stopped', 30_000).catch(() => undefined);
  await Promise.allSettled([worker?.stop(), sut.stop(), baseline.stop()]);
  return {
    mode,
    catalogue: { assets: ready.assets, directions: ready.directions, published: end.published },
    formats,
    queries: {
      web: end.queries.web - start.queries.web,
      worker: end.queries.worker - start.queries.worker + endWorkerQueries - startWorkerQueries,
      requests: formats.reduce((sum, figures) => sum + figures.real.allRequests, 0),
    },
    versions: end.version - start.version,
    idleCpuMsPerS: idle,
    loopDelay: end.loopDelay,
    machineAfter: machine(),
  };
}

export async function runExportsBench(options: ExportsOptions): Promise<ExportsResult> {
  const machineBefore = machine();
  const rebuild = await measureRebuild();
  const children: BenchChild[] = [];
  try {
    const modes: ModeFigures[] = [];
    for (const mode of ['in-process', 'separate'] as const) {
      if (mode === 'separate' && options.redisUrl === null) continue;
      modes.push(await runMode(mode, options, children));
    }
    return { options, modes, rebuild, machineBefore };
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}

function describeMode(figures: ModeFigures): string[] {
  const row = (label: string, load: LoadFigures) => [
    label,
    load.rps.toFixed(0),
    ms(load.latencyP50),
    ms(load.latencyP99),
    `${load.cpuMsPerRequest.toFixed(2)} ms`,
    kilobytes(load.wireBytesPerRequest),
    String(load.failures),
  ];
  const rows: string[][] = [['  endpoint', 'req/s', 'p50', 'p99', 'server cpu/req', 'wire/req', 'failed']];
  for (const format of figures.formats) {
    rows.push(row(`  rates.${format.format} ${format.coding} real (${kilobytes(format.bytes)} body)`, format.real));
    rows.push(row(`  rates.${format.format} ${format.coding} node:http`, format.baseline));
  }
  const worst = Math.min(...figures.formats.map((format) => format.ratio));
  const { queries } = figures;
  return [
    `exports, worker ${figures.mode}: ${figures.catalogue.assets} currencies, ${figures.catalogue.directions} directions, ${figures.catalogue.published} published`,
    table(rows),
    `  req/s real / node:http: ${figures.formats.map((format) => `${format.format} ${format.coding} ${ratio(format.ratio)}`).join(', ')} ` +
      `(target >= ${ratio(TARGET_RPS_RATIO)}): ${worst >= TARGET_RPS_RATIO ? 'met' : 'MISSED'}`,
    `  database queries while the load ran: web ${queries.web} for ${queries.requests} requests ` +
      `(${queries.web === 0 ? 'none per request' : 'SOME PER REQUEST'}); worker ${queries.worker} (its catalogue refresh)`,
    `  rate versions applied meanwhile (exports rebuilt each time): ${figures.versions}; idle server cpu: ` +
      `real ${ms(figures.idleCpuMsPerS.real)}/s, node:http ${ms(figures.idleCpuMsPerS.baseline)}/s`,
    `  real server event-loop delay while loaded: p99 ${ms(figures.loopDelay.p99Ms)}, max ${ms(figures.loopDelay.maxMs)}`,
    `  machine after: ${figures.machineAfter}`,
  ];
}

export function describeExports(result: ExportsResult): string {
  const { options, rebuild } = result;
  const rebuildMet = rebuild.medianMs !== null && rebuild.medianMs < TARGET_REBUILD_MS;
  return [
    `monitoring exports: autocannon ${options.connections} connections, ${options.warmupS} s warm-up + ${options.durationS} s each ` +
      `in ${SEGMENTS} alternating runs; machine before: ${result.machineBefore}`,
    ...result.modes.flatMap(describeMode),
    `export rebuild, 1,000 / 20,000 (bench/export-rebuild.ts, ${REBUILD_ROUNDS} rounds): median ${rebuild.medianMs ?? '?'} ms ` +
      `on the event loop beside JSON.stringify ${rebuild.baselineMedianMs ?? '?'} ms (target < ${TARGET_REBUILD_MS} ms): ${rebuildMet ? 'met' : 'MISSED'}; ` +
      `with br and gzip of the three bodies until served: median ${rebuild.compressedMedianMs ?? '?'} ms`,
  ].join('\n');
}

export function exportsOptions(args: string[]): ExportsOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      redis: { type: 'string' },
    },
    strict: false,
  });
  const redisUrl = (values.redis as string | undefined) || process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || null;
  return { durationS: Number(values.duration), warmupS: Number(values.warmup), connections: Number(values.connections), redisUrl };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runExportsBench(exportsOptions(process.argv.slice(2)));
  console.log(result.rebuild.output.replace(/^/gm, '  | '));
  console.log(describeExports(result));
  process.exit(0);
}
