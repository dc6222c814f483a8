/**
 * `node --import tsx bench/catalogueRead.ts [rounds]` (issue 17, docs/benchmarks.md "Reading the
 * generated catalogue"): the CPU and wall time of one `loadCatalogue` of the generated catalogue
 * (1,000 assets, 20,000 directions) on the embedded SQLite — what the rate worker pays every
 * CATALOGUE_REFRESH_MS and GET /api/catalogue's cache on every load — beside a baseline measured
 * in the same run: the same two raw SELECTs alone (what the database hands over, before any row
 * is read as the models read it, sorted or presented). Rounds alternate the two, and a third:
 * `loadCatalogueAssets`, all that a payout's change of a reserve re-reads (rates/catalogueChanged.ts),
 * and a fourth: `rereadCatalogue(…, 'revalidate')` of the unchanged catalogue (catalogue/held.ts), what the cache (every 10 s under
 * traffic) and the worker (every 30 s) now read on schedule instead of the whole catalogue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedCatalogue } from '../backend/catalogue/seedCatalogue';
import { rereadCatalogue } from '../backend/catalogue/held';
import { loadCatalogue, loadCatalogueAssets } from '../backend/catalogue/repository';
import { initModels } from '../backend/models';
import { createDatabase } from '../backend/platform/db';
import { createLogger } from '../backend/platform/logger';
import { generateCatalogue } from '../db/seeders/generate';
import { machine } from './lib/stats';

const rounds = Number(process.argv[2] ?? 15);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-catalogue-'));
const logger = createLogger({ logLevel: 'error', role: 'all' });
const db = createDatabase({ databaseUrl: `sqlite:${path.join(dir, 'app.sqlite')}` }, logger);

interface Sample {
  cpuMs: number;
  wallMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

try {
  await db.migrate();
  const seeded = await seedCatalogue({ db, data: generateCatalogue() });
  console.log(`machine at the start: ${machine()}`);
  console.log(`generated catalogue: ${seeded.assets} assets, ${seeded.directions} directions; ${rounds} rounds after 2 warm-up`);
  const { Asset, Direction } = initModels(db.sequelize);
  const rawReads = () => Promise.all([Asset.findAll({ where: { enabled: true }, raw: true }), Direction.findAll({ where: { enabled: true }, raw: true })]);
  const read = () => loadCatalogue(db);
  const offered = (await read()).directions.length;
  for (let warm = 0; warm < 2; warm += 1) {
    await rawReads();
    await read();
  }
  const baseline: Sample[] = [];
  const catalogue: Sample[] = [];
  const assetsOnly: Sample[] = [];
  const revalidations: Sample[] = [];
  const held = await rereadCatalogue(db, null, 'all', 0);
  for (let round = 0; round < rounds; round += 1) {
    baseline.push(await timed(rawReads));
    catalogue.push(await timed(read));
    assetsOnly.push(await timed(() => loadCatalogueAssets(db)));
    revalidations.push(
      await timed(async () => {
        if ((await rereadCatalogue(db, held, 'revalidate', 0)) !== held) throw new Error('the unchanged catalogue did not revalidate');
      }),
    );
  }
  const line = (label: string, samples: Sample[]) =>
    `${label.padEnd(62)} CPU median ${median(samples.map((s) => s.cpuMs)).toFixed(1).padStart(7)} ms   wall median ${median(samples.map((s) => s.wallMs)).toFixed(1).padStart(7)} ms`;
  console.log(line('loadCatalogue (read, sorted, presented)', catalogue));
  console.log(line('baseline: the two raw SELECTs alone (every column)', baseline));
  console.log(line("loadCatalogueAssets (what a payout's reserve change re-reads)", assetsOnly));
  console.log(line('revalidation (the periodic re-read, nothing changed)', revalidations));
  console.log(`ratio loadCatalogue / raw SELECTs (CPU medians): ${(median(catalogue.map((s) => s.cpuMs)) / median(baseline.map((s) => s.cpuMs))).toFixed(2)}×; ${offered} directions offered`);
  console.log(`machine at the end: ${machine()}`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
