import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { createLogger } from '../platform/logger';
import { loadConfig } from '../platform/config';
import { buildExportCache, type ExportCache } from './cache';
import { codedEtag, compressExports, createExportCompressor, isCompressed } from './compress';
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
  expect(isCompressed(cache)).to.equal(true);
  for (const format of ['xml', 'json', 'txt'] as const) {
    expect(brotliDecompressSync(cache.encoded[format]!.br.body).equals(cache[format].body), format).to.equal(true);
    expect(gunzipSync(cache.encoded[format]!.gzip.body).equals(cache[format].body), format).to.equal(true);
    expect(cache.encoded[format]!.br.etag).to.equal(codedEtag(cache[format].etag, 'br'));
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
    await compressExports(cache);
    expectOwnBodies(cache);
  });

  it('reuses the compressed bodies of an earlier cache with the same bytes', async () => {
    const earlier = cacheWith('7000000');
    await compressExports(earlier);
    const same = cacheWith('7000000');
    await compressExports(same, earlier);
    expect(same.encoded.xml).to.equal(earlier.encoded.xml);
    const moved = cacheWith('7000001');
    await compressExports(moved, earlier);
    expect(moved.encoded.xml).to.not.equal(earlier.encoded.xml);
    expectOwnBodies(moved);
  });

  it('compresses one cache at a time, skips one replaced before its turn, and never mixes versions', async () => {
    const compressor = createExportCompressor(logger);
    const [first, skipped, newest] = [cacheWith('1'), cacheWith('2'), cacheWith('3')];
    compressor.compress(first);
    compressor.compress(skipped);
    compressor.compress(newest);
    expect(first.encoded).to.deep.equal({});
    await compressor.idle();
    expectOwnBodies(first);
    expect(skipped.encoded).to.deep.equal({});
    expectOwnBodies(newest);
    await compressor.close();
  });
});
