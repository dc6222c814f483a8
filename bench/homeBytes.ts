/**
 * `node --import tsx bench/homeBytes.ts --url http://127.0.0.1:PORT`: the bytes a home-page visit
 * transfers before the exchange rate shows (issue 17), in the system Chromium against a running
 * production server — start one on the generated catalogue with
 *   DATA_DIR=/tmp/gen npm run cli -- db:seed --generated && DATA_DIR=/tmp/gen PORT=… npm start
 * Counted: every response's encoded body and headers that had arrived when the rate showed: the
 * server's prerendered line (`[data-testid=exchange-rate-preview]`, on screen from the first paint)
 * and, printed beside it, the live widget's own (`[data-testid=exchange-rate]`). Beside it, in the same run: what the old page fetched first, the whole catalogue
 * (GET /api/catalogue, br) and the whole rates snapshot (GET /api/rates, br).
 * Target: ≤ 150 KB compressed in all.
 */
import { get } from 'node:http';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { machine } from './lib/stats';

const TARGET_BYTES = 150 * 1024;
const { values } = parseArgs({ options: { url: { type: 'string' }, chromium: { type: 'string', default: '/usr/bin/chromium' } } });
const base = values.url;
if (!base) throw new Error('--url of a running server is required');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bytes on the wire of a br answer (node:http does not decode, unlike fetch). */
function compressedSize(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': 'br', lang: 'en' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Records in the page when each rate line first enters the document (the parser's insertions
 * included). A string: this file is type-checked without the DOM's types.
 */
const WATCH_RATE_LINES = `
  window.__rateSeen = {};
  new MutationObserver(() => {
    const lines = { preview: '[data-testid=exchange-rate-preview]', live: '[data-testid=exchange-rate]' };
    for (const [name, selector] of Object.entries(lines)) {
      if (window.__rateSeen[name] === undefined && document.querySelector(selector)) window.__rateSeen[name] = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
`;

console.log(`machine at the start: ${machine()}`);
const browser = await chromium.launch({ executablePath: values.chromium, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.addInitScript({ content: WATCH_RATE_LINES });
  const sizes: Array<Promise<{ url: string; bytes: number; endedAt: number }>> = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((size) => {
        const timing = request.timing();
        return { url: request.url(), bytes: size.responseBodySize + size.responseHeadersSize, endedAt: timing.startTime + timing.responseEnd };
      }),
    );
  });
  await page.goto(base, { waitUntil: 'commit' });
  await page.locator('[data-testid=exchange-rate]').waitFor({ state: 'visible', timeout: 60_000 });
  const marks = (await page.evaluate(`({
    seen: window.__rateSeen,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    origin: performance.timeOrigin,
  })`)) as { seen: Record<string, number>; firstPaint: number; origin: number };
  const rows = await Promise.all(sizes);
  /** What had arrived when a line showed: it is on screen once it is in the document and the page has painted. */
  const until = (name: string) => {
    const inserted = marks.seen[name];
    if (inserted === undefined) return null;
    const shownMs = Math.max(inserted, marks.firstPaint);
    const before = rows.filter((row) => row.endedAt <= marks.origin + shownMs);
    return { shownMs, before, bytes: before.reduce((sum, row) => sum + row.bytes, 0) };
  };
  const preview = until('preview');
  const live = until('live')!;
  for (const row of live.before.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(row.bytes).padStart(10)}  ${row.url.replace(base, '')}${preview && preview.before.includes(row) ? '  (before the prerendered rate)' : ''}`);
  const shown = preview ?? live;
  console.log(
    `home page until the rate shows${preview ? ' (prerendered by the server, at the first paint)' : ''}: ${kb(shown.bytes)} in ${shown.before.length} responses, ${shown.shownMs.toFixed(0)} ms (target <= ${kb(TARGET_BYTES)}: ${shown.bytes <= TARGET_BYTES ? 'met' : 'MISSED'})`,
  );
  console.log(`until the live widget shows its own rate: ${kb(live.bytes)} in ${live.before.length} responses, ${live.shownMs.toFixed(0)} ms`);
  const [catalogue, rates] = await Promise.all([compressedSize('/api/catalogue'), compressedSize('/api/rates')]);
  console.log(`baseline (same run): the whole catalogue ${kb(catalogue)} br + the whole rates snapshot ${kb(rates)} br, which the page loaded before`);
  console.log(`machine at the end: ${machine()}`);
} finally {
  await browser.close();
}
