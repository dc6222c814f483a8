/**
 * `npm run bench:rates`: the issue-3 speed figures in one run — the rates:update broadcast
 * (bench/rates-broadcast.ts) and the monitoring exports in each coding (br, gzip, identity) with
 * the wire bytes per request and the rebuild time, compression included (bench/exports.ts) —
 * and the issue-17 run at catalogue scale: 10,000 pages each watching one pair of the generated
 * catalogue (bench/rates-catalogue.ts), each beside its baseline, then one summary table.
 * Options of the benches pass through:
 *   npm run bench:rates -- [--clients 5000] [--processes 2] [--updates 20] [--gap 500]
 *                          [--duration 10] [--warmup 3] [--connections 50] [--redis URL]
 *                          [--pair-clients 10000] [--pair-processes 4] [--pair-updates 20]
 *                          [--only broadcast,exports,catalogue]
 * With --redis (or BENCH_REDIS_URL / TEST_REDIS_URL) the exports also run with the worker as its
 * own process. Expect about 15 minutes (20 with Redis): the exports run in three codings.
 * A quick try of the catalogue run: `--only catalogue --pair-clients 2000`.
 */
import { parseArgs } from 'node:util';
import { broadcastOptions, describeBroadcast, runBroadcastBench, TARGET_P99_RATIO, type BroadcastResult } from './rates-broadcast';
import { describeExports, exportsOptions, runExportsBench, TARGET_REBUILD_MS, TARGET_RPS_RATIO, type ExportsResult } from './exports';
import { cataloguePasses, catalogueOptions, describeCatalogue, runCatalogueBench, TARGET_PAIR_P99_RATIO, TARGET_RSS_RATIO, type CatalogueResult } from './rates-catalogue';
import { kilobytes, megabytes, machine, ms, percent, ratio, table } from './lib/stats';

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function summary(broadcast: BroadcastResult | null, exports: ExportsResult | null, catalogue: CatalogueResult | null): string {
  const rows: string[][] = [['  figure', 'measured', 'baseline (same run)', 'ratio', 'target', 'result']];
  if (broadcast) broadcastRows(rows, broadcast);
  if (exports) exportsRows(rows, exports);
  if (catalogue) catalogueRows(rows, catalogue);
  return table(rows);
}

function catalogueRows(rows: string[][], result: CatalogueResult): void {
  const { socketIo, ws } = result;
  const pass = cataloguePasses(result);
  const pages = `${result.options.clients} pages`;
  rows.push([`  rates:pair p99, ${pages} on one pair each`, ms(socketIo.latency.p99), `${ms(ws.latency.p99)} raw ws`, ratio(result.p99Ratio), `<= ${ratio(TARGET_PAIR_P99_RATIO)}`, verdict(pass.p99)]);
  rows.push(['  rates:pair p50', ms(socketIo.latency.p50), `${ms(ws.latency.p50)} raw ws`, ratio(socketIo.latency.p50 / ws.latency.p50), '', '']);
  rows.push(['  rates:pair delivered', percent(socketIo.delivered), `${percent(ws.delivered)} raw ws`, '', '100 %', verdict(pass.delivered)]);
  rows.push(['  rates:pair bytes per page per tick', `${socketIo.bytesPerClientTick.toFixed(1)} B`, `${ws.bytesPerClientTick.toFixed(1)} B raw ws`, '', '', '']);
  rows.push(['  web process RSS', megabytes(socketIo.rss), `${megabytes(ws.rss)} raw ws`, ratio(result.rssRatio), `<= ${ratio(TARGET_RSS_RATIO)}`, verdict(pass.rss)]);
}

function broadcastRows(rows: string[][], broadcast: BroadcastResult): void {
  const { socketIo, ws } = broadcast;
  rows.push([
    `  rates:update p99, ${broadcast.options.clients} clients`,
    ms(socketIo.latency.p99),
    `${ms(ws.latency.p99)} raw ws`,
    ratio(broadcast.p99Ratio),
    `<= ${ratio(TARGET_P99_RATIO)}`,
    verdict(broadcast.p99Ratio <= TARGET_P99_RATIO),
  ]);
  rows.push([
    '  rates:update p50',
    ms(socketIo.latency.p50),
    `${ms(ws.latency.p50)} raw ws`,
    ratio(socketIo.latency.p50 / ws.latency.p50),
    '',
    '',
  ]);
  rows.push(['  rates:update delivered', percent(socketIo.delivered), `${percent(ws.delivered)} raw ws`, '', '100 %', verdict(socketIo.delivered === 1)]);
}

function exportsRows(rows: string[][], exports: ExportsResult): void {
  for (const mode of exports.modes) {
    for (const format of mode.formats) {
      rows.push([
        `  rates.${format.format} ${format.coding} req/s, worker ${mode.mode}`,
        `${format.real.rps.toFixed(0)} (${kilobytes(format.real.wireBytesPerRequest)}/req)`,
        `${format.baseline.rps.toFixed(0)} node:http (${kilobytes(format.baseline.wireBytesPerRequest)}/req)`,
        ratio(format.ratio),
        `>= ${ratio(TARGET_RPS_RATIO)}`,
        verdict(format.ratio >= TARGET_RPS_RATIO),
      ]);
    }
    rows.push([
      `  export DB queries, worker ${mode.mode}`,
      `${mode.queries.web} for ${mode.queries.requests} requests`,
      '',
      '',
      '0 per request',
      verdict(mode.queries.web === 0),
    ]);
  }
  const { rebuild } = exports;
  rows.push([
    '  export rebuild 1,000 / 20,000 (median)',
    rebuild.medianMs === null ? '?' : ms(rebuild.medianMs),
    rebuild.baselineMedianMs === null ? '?' : `${ms(rebuild.baselineMedianMs)} JSON.stringify`,
    rebuild.medianMs && rebuild.baselineMedianMs ? ratio(rebuild.medianMs / rebuild.baselineMedianMs) : '',
    `< ${TARGET_REBUILD_MS} ms`,
    verdict(rebuild.medianMs !== null && rebuild.medianMs < TARGET_REBUILD_MS),
  ]);
  rows.push([
    '  export rebuild with br + gzip, until served',
    rebuild.compressedMedianMs === null ? '?' : ms(rebuild.compressedMedianMs),
    '',
    '',
    'off the event loop',
    '',
  ]);
}

const args = process.argv.slice(2);
const { values } = parseArgs({ args, options: { only: { type: 'string', default: 'broadcast,exports,catalogue' } }, strict: false });
const only = new Set(String(values.only).split(','));
const started = machine();
let broadcast: BroadcastResult | null = null;
let exports: ExportsResult | null = null;
let catalogue: CatalogueResult | null = null;
if (only.has('broadcast')) {
  broadcast = await runBroadcastBench(broadcastOptions(args));
  console.log(describeBroadcast(broadcast));
  console.log('');
}
if (only.has('exports')) {
  exports = await runExportsBench(exportsOptions(args));
  console.log(exports.rebuild.output.replace(/^/gm, '  | '));
  console.log(describeExports(exports));
  console.log('');
}
if (only.has('catalogue')) {
  catalogue = await runCatalogueBench(catalogueOptions(args));
  console.log(describeCatalogue(catalogue));
  console.log('');
}
console.log(`summary (machine at the start: ${started}; at the end: ${machine()})`);
console.log(summary(broadcast, exports, catalogue));
process.exit(0);
