/**
 * `node --import tsx bench/homeBytes.ts --url http://127.0.0.1:PORT`: the bytes a home-page visit
 * transfers before the exchange rate shows (issue 17), in the system Chromium against a running
 * production server — start one on the generated catalogue with
 *   DATA_DIR=/tmp/gen npm run cli -- db:seed --generated && DATA_DIR=/tmp/gen PORT=… npm start
 * Counted: every response's encoded body and headers until `[data-testid=exchange-rate]` is
 * visible. Beside it, in the same run: what the old page fetched first, the whole catalogue
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

console.log(`machine at the start: ${machine()}`);
const browser = await chromium.launch({ executablePath: values.chromium, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const sizes: Array<Promise<{ url: string; bytes: number }>> = [];
  let counting = true;
  page.on('requestfinished', (request) => {
    if (!counting) return;
    sizes.push(request.sizes().then((size) => ({ url: request.url(), bytes: size.responseBodySize + size.responseHeadersSize })));
  });
  const started = Date.now();
  await page.goto(base, { waitUntil: 'commit' });
  await page.locator('[data-testid=exchange-rate]').waitFor({ state: 'visible', timeout: 60_000 });
  counting = false;
  const shownMs = Date.now() - started;
  const rows = await Promise.all(sizes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  for (const row of rows.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(row.bytes).padStart(10)}  ${row.url.replace(base, '')}`);
  console.log(`home page until the rate shows: ${kb(total)} in ${rows.length} responses, ${shownMs} ms (target <= ${kb(TARGET_BYTES)}: ${total <= TARGET_BYTES ? 'met' : 'MISSED'})`);
  const [catalogue, rates] = await Promise.all([compressedSize('/api/catalogue'), compressedSize('/api/rates')]);
  console.log(`baseline (same run): the whole catalogue ${kb(catalogue)} br + the whole rates snapshot ${kb(rates)} br, which the page loaded before`);
  console.log(`machine at the end: ${machine()}`);
} finally {
  await browser.close();
}
