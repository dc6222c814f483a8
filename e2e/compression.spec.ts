import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Response } from 'playwright-core';
import { isPrecompressible } from '../common/precompressed';
import { baseUrl, newPage } from './setup';

const DIST = fileURLToPath(new URL('../frontend/dist/', import.meta.url));
/** Above this a text file always gains from compression: the build must have written both copies. */
const SURELY_COMPRESSED_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

describe('compression of the real build', () => {
  it('keeps br and gzip copies beside each compressible file of frontend/dist, decoding to it exactly', async () => {
    const files = (await listFiles(DIST)).filter((file) => isPrecompressible(file));
    expect(files.filter((file) => file.endsWith('.js')).length).to.be.above(5);
    for (const file of files) {
      const original = await readFile(file);
      const siblings = await readdir(path.dirname(file));
      const name = path.basename(file);
      if (original.length > SURELY_COMPRESSED_BYTES) {
        expect(siblings, name).to.include.members([`${name}.br`, `${name}.gz`]);
      }
      if (siblings.includes(`${name}.br`)) {
        expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(original), `${name}.br`).to.equal(true);
      }
      if (siblings.includes(`${name}.gz`)) {
        expect(gunzipSync(await readFile(`${file}.gz`)).equals(original), `${name}.gz`).to.equal(true);
      }
    }
  });

  it('loads the home page in Chromium with its document, scripts and styles in br', async () => {
    const { page } = await newPage({ lang: 'en' });
    const origin = new URL(baseUrl()).origin;
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin === origin) responses.push(response);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const statics = responses.filter((response) => ['document', 'script', 'stylesheet'].includes(response.request().resourceType()));
    expect(statics.length).to.be.above(2);
    let wire = 0;
    let decoded = 0;
    for (const response of statics) {
      const headers = await response.allHeaders();
      const label = new URL(response.url()).pathname;
      const file = path.join(DIST, label === '/' ? 'index.html' : label);
      // Files too small to gain were left without siblings by the build.
      const hasBrotli = (await readdir(path.dirname(file))).includes(`${path.basename(file)}.br`);
      expect(headers['content-encoding'], label).to.equal(hasBrotli ? 'br' : undefined);
      if (!hasBrotli) expect((await readFile(file)).length, label).to.be.below(SURELY_COMPRESSED_BYTES);
      expect(headers.vary, label).to.match(/accept-encoding/i);
      wire += (await response.request().sizes()).responseBodySize;
      decoded += (await response.body()).length;
    }
    expect(wire).to.be.below(decoded / 2.5);
    // Everything the page loaded (API answers and the socket's polling included), for the record.
    let allWire = 0;
    let allDecoded = 0;
    for (const response of responses) {
      allWire += (await response.request().sizes()).responseBodySize;
      allDecoded += (await response.body().catch(() => Buffer.alloc(0))).length;
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `      home page: documents, scripts, styles ${kb(wire)} on the wire for ${kb(decoded)}; ` +
        `all ${responses.length} answers ${kb(allWire)} for ${kb(allDecoded)}`,
    );
  });
});
