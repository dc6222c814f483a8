/**
 * Export rebuild time for the generated load catalogue (1,000 currencies, 20,000 directions),
 * printed beside a baseline measured in the same run: JSON.stringify of the same rate rows.
 * Run: node --import tsx bench/export-rebuild.ts [rounds]
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DirectionRateDto } from '../common/catalogue';
import { buildExportCache } from '../backend/export/cache';
import { computeDirectionRate, Dec } from '../backend/rates/math';
import { buildPriceTable, PRICE_ANCHOR } from '../backend/rates/prices';
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
const spreadBid = new Dec('0.999');
const spreadAsk = new Dec('1.001');
const quotes: Quote[] = [...catalogue.referencePrices].map(([currency, price]) => ({
  source: 'bench',
  base: currency,
  quote: PRICE_ANCHOR,
  bid: new Dec(price).times(spreadBid).toFixed(),
  ask: new Dec(price).times(spreadAsk).toFixed(),
  at: now.toISOString(),
}));

const priced = timeOnce(() => buildPriceTable(quotes, { now, maxAgeMs: 60_000 }));
const computed = timeOnce(() =>
  catalogue.directions
    .map((direction) =>
      computeDirectionRate({
        direction,
        from: assets.get(direction.from)!,
        to: assets.get(direction.to)!,
        prices: priced.result,
      }),
    )
    .filter((rate): rate is DirectionRateDto => rate !== null),
);
const rates = computed.result;

const cache = buildExportCache(rates, catalogue.assets, { now });
const rebuild = measure(() => buildExportCache(rates, catalogue.assets, { now }));
const baseline = measure(() => Buffer.from(JSON.stringify(rates)));

console.log(`export rebuild: ${catalogue.assets.length} currencies, ${rates.length} direction rates, ${cache.count} published`);
console.log(`  buildExportCache (xml+json+txt, sha256 ETags)  ${figures(rebuild)}  target < ${TARGET_MS} ms`);
console.log(`  baseline JSON.stringify(rates) to a Buffer     ${figures(baseline)}`);
console.log(`  machine: ${availableParallelism()} cpus, load average ${loadavg()[0].toFixed(2)}`);
console.log(`  rebuild / baseline: ${(rebuild.median / baseline.median).toFixed(2)}x over ${rounds} rounds`);
console.log(`  bodies: xml ${megabytes(cache.xml.body.length)}, json ${megabytes(cache.json.body.length)}, txt ${megabytes(cache.txt.body.length)}`);
console.log(`  context: price table ${ms(priced.ms)}, ${rates.length} direction rates ${ms(computed.ms)} (one cold run each)`);
console.log(`  rebuild median within ${TARGET_MS} ms: ${rebuild.median < TARGET_MS ? 'yes' : 'no'} (wall clock; see the load above)`);
