/**
 * Export rebuild time for the generated load catalogue (1,000 currencies, 20,000 directions),
 * printed beside a baseline measured in the same run: JSON.stringify of the same rate rows.
 *
 * The rebuild measured is the one the RatesStore does on every rate update: given the cache it
 * replaces, after prices moved so that every one of the 20,000 rates differs (two sets of rates,
 * alternately). The first build of a process (no previous cache) is printed too, and the rebuild
 * with its br and gzip copies (backend/export/compress.ts: on libuv's thread pool, so the event
 * loop holds only the build) until all six are ready to be served.
 * Run: node --import tsx bench/export-rebuild.ts [rounds]
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type Big from 'big.js';
import type { DirectionRateDto } from '../common/catalogue';
import { buildExportCache } from '../backend/export/cache';
import { compressExports } from '../backend/export/compress';
import { computeDirectionRate, Dec } from '../backend/rates/math';
import { buildPriceTable, PRICE_ANCHOR, type PriceTable } from '../backend/rates/prices';
import type { Quote } from '../backend/rates/providers/types';
import { generateCatalogue } from '../db/seeders/generate';

const TARGET_MS = 50;
const WARMUP_ROUNDS = 5;
const rounds = Number(process.argv[2] ?? 30);

function timeOnce<T>(work: () => T): { result: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

interface Figures {
  /** The least disturbed run: closest to the cost on an idle machine. */
  min: number;
  median: number;
  p95: number;
  /** Median CPU time of the process: what the run cost when other work shares the machine. */
  cpuMedian: number;
}

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

/** Wall-clock median and 95th percentile and CPU median of `rounds` runs, after a warm-up. */
function measure(work: () => unknown): Figures {
  for (let round = 0; round < WARMUP_ROUNDS; round += 1) work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const { ms, cpuMs } = timeOnce(work);
    wall.push(ms);
    cpu.push(cpuMs);
  }
  return summarise(wall, cpu);
}

/** The same for work that ends later (CPU of the thread pool included: it is the process's). */
async function measureAsync(work: () => Promise<unknown>): Promise<Figures> {
  for (let round = 0; round < WARMUP_ROUNDS; round += 1) await work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = process.cpuUsage();
    const started = performance.now();
    await work();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  return summarise(wall, cpu);
}

function summarise(wall: number[], cpu: number[]): Figures {
  wall.sort((a, b) => a - b);
  return {
    min: wall[0],
    median: median(wall),
    p95: wall[Math.min(wall.length - 1, Math.ceil(wall.length * 0.95) - 1)],
    cpuMedian: median(cpu),
  };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const figures = (value: Figures): string =>
  `min ${ms(value.min)}  median ${ms(value.median)}  p95 ${ms(value.p95)}  cpu ${ms(value.cpuMedian)}`;
const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;

const now = new Date();
const catalogue = generateCatalogue();
const assets = new Map(catalogue.assets.map((asset) => [asset.code, asset]));
/**
 * Every currency's quote at its reference price, or (`moved`) each shifted by a different small
 * step, so that every rate between two currencies differs.
 */
function quotes(moved: boolean): Quote[] {
  return [...catalogue.referencePrices].map(([currency, price], index) => ({
    source: 'bench',
    base: currency,
    quote: PRICE_ANCHOR,
    bid: new Dec(price).times(new Dec('0.999')).times(shift(moved, index)).toFixed(),
    ask: new Dec(price).times(new Dec('1.001')).times(shift(moved, index)).toFixed(),
    at: now.toISOString(),
  }));
}

function shift(moved: boolean, index: number): Big {
  return moved ? new Dec(`1.${String(index + 1).padStart(5, '0')}`) : new Dec('1');
}

function ratesFor(prices: PriceTable): DirectionRateDto[] {
  return catalogue.directions
    .map((direction) =>
      computeDirectionRate({ direction, from: assets.get(direction.from)!, to: assets.get(direction.to)!, prices }),
    )
    .filter((rate): rate is DirectionRateDto => rate !== null);
}

const priced = timeOnce(() => buildPriceTable(quotes(false), { now, maxAgeMs: 60_000 }));
const computed = timeOnce(() => ratesFor(priced.result));
const rates = computed.result;
const moved = ratesFor(buildPriceTable(quotes(true), { now, maxAgeMs: 60_000 }));
const differing = rates.filter((rate, index) => rate.in !== moved[index].in || rate.out !== moved[index].out).length;

const cache = buildExportCache(rates, catalogue.assets, { now });
let previous = cache;
let round = 0;
const rebuild = measure(() => {
  round += 1;
  previous = buildExportCache(round % 2 === 1 ? moved : rates, catalogue.assets, { now, previous });
});
const cold = measure(() => buildExportCache(rates, catalogue.assets, { now }));
await compressExports(cache);
const compressed = await measureAsync(async () => {
  round += 1;
  previous = buildExportCache(round % 2 === 1 ? moved : rates, catalogue.assets, { now, previous });
  await compressExports(previous);
});
const baseline = measure(() => Buffer.from(JSON.stringify(rates)));

console.log(`export rebuild: ${catalogue.assets.length} currencies, ${rates.length} direction rates, ${cache.count} published`);
console.log(`  buildExportCache after an update (xml+json+txt, ETags)  ${figures(rebuild)}  target < ${TARGET_MS} ms`);
console.log(`  baseline JSON.stringify(rates) to a Buffer              ${figures(baseline)}`);
console.log(`  first build of a process (no previous cache)            ${figures(cold)}`);
console.log(`  rebuild with br and gzip of the three, until served     ${figures(compressed)}`);
console.log(`  rates differing between the two alternating sets: ${differing} of ${rates.length}`);
console.log(`  machine: ${availableParallelism()} cpus, load average ${loadavg()[0].toFixed(2)}`);
console.log(`  rebuild / baseline: ${(rebuild.median / baseline.median).toFixed(2)}x over ${rounds} rounds`);
console.log(`  bodies: xml ${megabytes(cache.xml.body.length)}, json ${megabytes(cache.json.body.length)}, txt ${megabytes(cache.txt.body.length)}`);
const coded = (coding: 'br' | 'gzip') =>
  (['xml', 'json', 'txt'] as const).map((format) => `${format} ${megabytes(cache.encoded[format]![coding].body.length)}`).join(', ');
console.log(`  br: ${coded('br')}; gzip: ${coded('gzip')}`);
console.log(`  context: price table ${ms(priced.ms)}, ${rates.length} direction rates ${ms(computed.ms)} (one cold run each)`);
console.log(`  rebuild median within ${TARGET_MS} ms: ${rebuild.median < TARGET_MS ? 'yes' : 'no'} (wall clock; see the load above)`);
