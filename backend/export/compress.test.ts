import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { createLogger } from '../lib/logger';
import { loadConfig } from '../config';
import { buildExportCache, type ExportCache } from './cache';
import { codedEtag, compressExports, createExportCompressor } from './compress';
import type { ExportAsset } from './rows';

const ASSETS: ExportAsset[] = [
  { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true },
  { code: 'SBERRUB', type: 'fiat', currency: 'RUB', city: null, enabled: true },
];
const NOW = new Date('2025-06-01T12:00:00.000Z');

function cacheWith(out: string): ExportCache {
  const rate: DirectionRateDto = {
    from: 'BTC', to: 'SBERRUB', rate: out, in: '1', out, reserve: '1500000', min: '0.002',
    max: '0.5', rateTypes: ['fixed'], manual: false, updatedAt: NOW.toISOString(), stale: false,
  };
  return buildExportCache([rate], ASSETS, { now: NOW });
}

/** Every compressed body of `cache` decodes to that cache's raw body. */
function expectOwnBodies(cache: ExportCache): void {
  expect(cache.encoded).to.not.equal(null);
  for (const format of ['xml', 'json', 'txt'] as const) {
    expect(brotliDecompressSync(cache.encoded![format].br.body).equals(cache[format].body), format).to.equal(true);
    expect(gunzipSync(cache.encoded![format].gzip.body).equals(cache[format].body), format).to.equal(true);
    expect(cache.encoded![format].br.etag).to.equal(codedEtag(cache[format].etag, 'br'));
  }
}

describe('compressing the exports', () => {
  const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));

  it('marks the ETag of each coding inside the quotes', () => {
    expect(codedEtag('"abc"', 'br')).to.equal('"abc-br"');
    expect(codedEtag('"abc"', 'gzip')).to.equal('"abc-gz"');
  });

  it('compresses the three bodies in br and gzip, each decoding to its raw body', async () => {
    const cache = cacheWith('7000000');
    cache.encoded = await compressExports(cache);
    expectOwnBodies(cache);
  });

  it('reuses the compressed bodies of an earlier cache with the same bytes', async () => {
    const earlier = cacheWith('7000000');
    earlier.encoded = await compressExports(earlier);
    expect(await compressExports(cacheWith('7000000'), earlier)).to.equal(earlier.encoded);
    expect(await compressExports(cacheWith('7000001'), earlier)).to.not.equal(earlier.encoded);
  });

  it('compresses one cache at a time, skips one replaced before its turn, and never mixes versions', async () => {
    const compressor = createExportCompressor(logger);
    const [first, skipped, newest] = [cacheWith('1'), cacheWith('2'), cacheWith('3')];
    compressor.compress(first);
    compressor.compress(skipped);
    compressor.compress(newest);
    expect(first.encoded).to.equal(null);
    await compressor.idle();
    expectOwnBodies(first);
    expect(skipped.encoded).to.equal(null);
    expectOwnBodies(newest);
    await compressor.close();
  });
});
