import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { buildExportCache } from './cache';
import type { ExportAsset } from './rows';

const ASSETS: ExportAsset[] = [
  { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true },
  { code: 'SBERRUB', type: 'fiat', currency: 'RUB', city: null, enabled: true },
];
const RATE: DirectionRateDto = {
  from: 'BTC', to: 'SBERRUB', rate: '7000000', in: '1', out: '7000000', reserve: '1500000', min: '0.002',
  max: '0.5', rateTypes: ['fixed'], manual: false, updatedAt: '2025-06-01T12:00:00.000Z', stale: false,
};
const FIRST = new Date('2025-06-01T12:00:00.000Z');
const LATER = new Date('2025-06-01T12:00:05.000Z');

describe('buildExportCache', () => {
  it('holds the three bodies as UTF-8 bytes with their content types', () => {
    const cache = buildExportCache([RATE], ASSETS, { now: FIRST });
    expect(cache.txt.body.toString('utf8')).to.equal('BTC;SBERRUB;1;7000000;1500000;\n');
    expect([cache.xml.contentType, cache.json.contentType, cache.txt.contentType]).to.deep.equal([
      'application/xml; charset=utf-8',
      'application/json; charset=utf-8',
      'text/plain; charset=utf-8',
    ]);
  });

  it('tags each body with a strong ETag of its own', () => {
    const cache = buildExportCache([RATE], ASSETS, { now: FIRST });
    expect(cache.xml.etag).to.match(/^"[A-Za-z0-9_-]{43}"$/);
    expect(new Set([cache.xml.etag, cache.json.etag, cache.txt.etag]).size).to.equal(3);
  });

  it('gives the same ETag to the same content', () => {
    const first = buildExportCache([RATE], ASSETS, { now: FIRST });
    const second = buildExportCache([RATE], ASSETS, { now: LATER });
    expect(second.xml.etag).to.equal(first.xml.etag);
  });

  it('changes the ETag when a rate changes', () => {
    const first = buildExportCache([RATE], ASSETS, { now: FIRST });
    const second = buildExportCache([{ ...RATE, out: '7000001' }], ASSETS, { now: LATER });
    expect(second.xml.etag).to.not.equal(first.xml.etag);
  });

  it('changes every ETag when only a field the TXT body leaves out changes', () => {
    const first = buildExportCache([RATE], ASSETS, { now: FIRST });
    const second = buildExportCache([{ ...RATE, min: '0.003' }], ASSETS, { now: LATER, previous: first });
    expect(second.txt.body.equals(first.txt.body)).to.equal(true);
    expect(second.xml.etag).to.not.equal(first.xml.etag);
    expect(second.txt.etag).to.not.equal(first.txt.etag);
  });

  it('keeps the previous Last-Modified when no body changed', () => {
    const previous = buildExportCache([RATE], ASSETS, { now: FIRST });
    const cache = buildExportCache([RATE], ASSETS, { now: LATER, previous });
    expect(cache.lastModified).to.equal('Sun, 01 Jun 2025 12:00:00 GMT');
  });

  it('moves Last-Modified to the rebuild time when a body changed', () => {
    const previous = buildExportCache([RATE], ASSETS, { now: FIRST });
    const cache = buildExportCache([{ ...RATE, reserve: '1400000' }], ASSETS, { now: LATER, previous });
    expect(cache.lastModified).to.equal('Sun, 01 Jun 2025 12:00:05 GMT');
  });

  it('counts the directions published', () => {
    const cache = buildExportCache([RATE, { ...RATE, stale: true }], ASSETS, { now: FIRST });
    expect(cache.count).to.equal(1);
  });
});
