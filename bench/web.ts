/**
 * `npm run bench:web` (issue 17, docs/benchmarks.md "First load on a phone"): a phone's first load
 * of the production build, measured by Lighthouse (mobile preset: simulated slow 4G and a 4× slower
 * CPU) in the system Chromium (CHROME_PATH, /usr/bin/chromium by default).
 *
 * The app is built (`npm run build`, skipped with --no-build), then the compiled server
 * (build/server/backend/main.js, as `npm run start:prod`) starts on a temporary DATA_DIR seeded with
 * the generated catalogue (as `cli db:seed --generated`: 1,000 assets, 20,000 directions) beside the
 * demo one, whose directions the simulated feed prices; an order is created on one of those through
 * `POST /api/orders` for the order page. Each page is loaded --runs times (5), the
 * pages taking turns round by round so a noisy neighbour weighs on all of them alike; the medians
 * are printed: performance score, FCP, LCP, TBT, CLS, bytes transferred, and the JavaScript bytes
 * transferred (compressed) — the order route's is one of the issue's targets.
 *
 * With --baseline <git ref> the same is done for that commit (its tree exported to a temporary
 * folder, built, served by its own compiled server on its own data), the two alternating load by
 * load, and the ratios printed beside the figures.
 *
 * --pages home,order measures only those pages; --save <dir> writes each run's whole Lighthouse report
 * (`<build>-<page>-<round>.json`) there, for what the medians do not show (long tasks, script
 * evaluation per file, the main thread's work by kind).
 *
 * Run: npm run bench:web [-- --runs 5 --baseline main --no-build --port 4400 --pages home --save /tmp/lh]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { RunnerResult } from 'lighthouse';
import { seedCatalogue } from '../backend/catalogue/seedCatalogue';
import { ensureDataDirs, loadConfig } from '../backend/platform/config';
import { createDatabase } from '../backend/platform/db';
import { createLogger } from '../backend/platform/logger';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../db/seeders/catalogue-data';
import { generateCatalogue } from '../db/seeders/generate';
import { kilobytes, machine, ratio, table } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    baseline: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '4400' },
    pages: { type: 'string' },
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The pages of the issue: name → path (the order page's is known once its order exists). */
const ALL_PAGES = ['home', 'reserves', 'order', 'faq', 'login'] as const;
type PageName = (typeof ALL_PAGES)[number];
const PAGES: readonly PageName[] = values.pages ? ALL_PAGES.filter((page) => values.pages!.split(',').includes(page)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--pages names none of ${ALL_PAGES.join(', ')}`);
const SAVE_DIR = values.save ? path.resolve(values.save) : null;
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  scriptBytes: number;
}

interface Target {
  label: string;
  dir: string;
  origin: string;
  server: ChildProcess;
  data: string;
  paths: Record<PageName, string>;
  samples: Record<PageName, Sample[]>;
}

const temporary: string[] = [];
const servers: ChildProcess[] = [];
function cleanUp(): void {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  for (const folder of temporary) rmSync(folder, { recursive: true, force: true });
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

function build(dir: string): void {
  console.log(`building ${dir} …`);
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The tree of a commit in a temporary folder, with this checkout's node_modules. */
function exportCommit(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-web-base-'));
  temporary.push(dir);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function serverEnv(data: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: data,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_KEYS: 'bench-web-session-key-0123456789-abcdefgh,bench-web-session-key-0123456789-ijklmnop',
    LOG_LEVEL: 'warn',
    ORDERS_PER_IP_PER_HOUR: '1000',
  };
}

async function waitReady(origin: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server at ${origin} exited with ${server.exitCode}`);
    const ready = await fetch(`${origin}/api/ready`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server at ${origin} did not become ready`);
}

/**
 * The generated catalogue (as `cli db:seed --generated`) plus the demo one: the simulated rate feed
 * prices only the demo currencies, and the order page needs an order on a priced direction.
 */
async function seed(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  ensureDataDirs(config);
  const db = await createDatabase(config, createLogger(config));
  try {
    await db.migrate();
    const generated = generateCatalogue();
    await seedCatalogue({ db, data: { assets: [...SEED_ASSETS, ...generated.assets], directions: [...SEED_DIRECTIONS, ...generated.directions] } });
  } finally {
    await db.close();
  }
}

const EXTRA_VALUES: Record<string, string> = { cardHolder: 'John Smith', phone: '+79990001122', memo: '1' };

/** A coin → card order of the demo catalogue at its minimum amount, over HTTP, once rates are in. */
async function createOrder(origin: string): Promise<string> {
  const types = new Map(SEED_ASSETS.map((asset) => [asset.code, asset.type]));
  const direction = SEED_DIRECTIONS.find((d) => types.get(d.from) === 'coin' && types.get(d.to) === 'fiat' && d.enabled);
  if (!direction) throw new Error('the demo catalogue has no coin → card direction');
  const extra = Object.fromEntries(direction.extraFields.map((field) => [field.name, EXTRA_VALUES[field.name] ?? 'x']));
  let last = '';
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(`${origin}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        from: direction.from,
        to: direction.to,
        amountSend: direction.minAmount,
        rateType: 'fixed',
        email: 'bench-web@example.test',
        receiverAccount: '4111111111111111',
        extra,
        agreeTerms: true,
      }),
    });
    const body = (await response.json()) as { data?: { url: string }; url?: string };
    const url = body.data?.url ?? body.url;
    if (response.ok && url) return url;
    last = `${direction.from}>${direction.to}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no order could be created: ${last}`);
}

async function startTarget(label: string, dir: string, port: number): Promise<Target> {
  const data = mkdtempSync(path.join(tmpdir(), 'bench-web-data-'));
  temporary.push(data);
  const env = serverEnv(data, port);
  await seed(env);
  const server = spawn(process.execPath, ['build/server/backend/main.js'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  servers.push(server);
  const origin = `http://127.0.0.1:${port}`;
  await waitReady(origin, server);
  const order = await createOrder(origin);
  const paths: Record<PageName, string> = { home: '/', reserves: '/reserves', order, faq: '/faq', login: '/login' };
  const samples = Object.fromEntries(ALL_PAGES.map((page) => [page, []])) as unknown as Record<PageName, Sample[]>;
  return { label, dir, origin, server, data, paths, samples };
}

function sampleOf(result: RunnerResult): Sample {
  const { audits, categories } = result.lhr;
  const summary = audits['resource-summary'].details as unknown as { items: Array<{ resourceType: string; transferSize: number }> };
  const transfer = (type: string) => summary.items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time'].numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
    bytes: transfer('total'),
    scriptBytes: transfer('script'),
  };
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP): such a run is repeated, at most this many times. */
const ATTEMPTS = 3;

async function measure(url: string, saveAs: string): Promise<Sample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url, saveAs);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  ${saveAs}: ${error instanceof Error ? error.message : String(error)} — running it again`);
    }
  }
}

async function measureOnce(url: string, saveAs: string): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    if (SAVE_DIR) writeFileSync(path.join(SAVE_DIR, `${saveAs}.json`), JSON.stringify(result.lhr));
    return sampleOf(result);
  } finally {
    await chrome.kill();
  }
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function medians(samples: Sample[]): Sample {
  const of = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
  return { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes'), scriptBytes: of('scriptBytes') };
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

function report(targets: Target[]): void {
  const head = ['page', 'build', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred', 'JS (compressed)', 'scores'];
  const rows: string[][] = [head];
  for (const page of PAGES) {
    for (const target of targets) {
      const m = medians(target.samples[page]);
      rows.push([page, target.label, String(m.score), seconds(m.fcp), seconds(m.lcp), `${m.tbt.toFixed(0)} ms`, m.cls.toFixed(3), kilobytes(m.bytes), kilobytes(m.scriptBytes), target.samples[page].map((s) => s.score).join(' ')]);
    }
  }
  console.log(`\nmedians of ${RUNS} Lighthouse runs per page (mobile preset), ${machine()}`);
  console.log(table(rows));
  if (targets.length === 2) {
    const [current, base] = targets;
    const ratioRows = [['page', 'score', 'FCP', 'LCP', 'transferred', 'JS']];
    for (const page of PAGES) {
      const a = medians(current.samples[page]);
      const b = medians(base.samples[page]);
      ratioRows.push([page, ratio(a.score / b.score), ratio(a.fcp / b.fcp), ratio(a.lcp / b.lcp), ratio(a.bytes / b.bytes), ratio(a.scriptBytes / b.scriptBytes)]);
    }
    console.log(`\n${current.label} / ${base.label}`);
    console.log(table(ratioRows));
  }
  const [current] = targets;
  const failing = PAGES.filter((page) => medians(current.samples[page]).score < 95);
  const shifting = PAGES.filter((page) => medians(current.samples[page]).cls > 0.02);
  const orderJs = PAGES.includes('order') ? medians(current.samples.order).scriptBytes : null;
  console.log(`\ntargets (${current.label}): performance ≥ 95 ${failing.length ? `missed on ${failing.join(', ')}` : 'met on every page measured'}; ` +
    `CLS ≤ 0.02 ${shifting.length ? `missed on ${shifting.join(', ')}` : 'met on every page measured'}` +
    (orderJs === null ? '' : `; order route JS ${kilobytes(orderJs)} ${orderJs <= 100 * 1024 ? '≤' : '>'} 100 KB`));
}

if (!values['no-build']) build(ROOT);
const targets: Target[] = [await startTarget('current', ROOT, PORT)];
if (values.baseline) {
  const dir = exportCommit(values.baseline);
  build(dir);
  targets.push(await startTarget(values.baseline, dir, PORT + 1));
}
console.log(`${machine()} before the runs`);
for (let round = 0; round < RUNS; round += 1) {
  for (const page of PAGES) {
    // Alternate which build goes first so neither always loads right after the other.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const saveAs = `${target.label.replace(/[^\w.-]+/g, '_')}-${page}-${round + 1}`;
      target.samples[page].push(await measure(`${target.origin}${target.paths[page]}`, saveAs));
    }
  }
  console.log(`round ${round + 1}/${RUNS} done, ${machine()}`);
}
report(targets);
for (const server of servers) server.kill('SIGTERM');
process.exit(0);
