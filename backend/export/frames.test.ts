import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { integers } from '../../db/seeders/generate';
import { buildExportCache, type ExportCache } from './cache';
import { formatRatesJson } from './json';
import { toExportRows, type ExportAsset } from './rows';
import { formatRatesTxt } from './txt';
import { formatRatesXml } from './xml';

/** Odd texts: markup and JSON escapes, Cyrillic, an emoji, a lone surrogate. */
const ODD = ['A&B', '<x>', '"q"', "it's", 'back\\slash', 'tab\there', 'Москва', '💱', '\ud800'];
const DECIMALS = ['1', '0.5', '92.5', '7053614', '0.0000001404494382', '12.5', '1500000'];

type Next = (below: number) => number;
const pick = <T>(next: Next, values: readonly T[]): T => values[next(values.length)];

function asset(next: Next, index: number): ExportAsset {
  const type = pick(next, ['coin', 'fiat', 'cash'] as const);
  const odd = next(6) === 0;
  return {
    code: `A${index}`,
    type,
    currency: odd ? pick(next, ODD) : `C${index}`,
    city: type === 'cash' ? (odd ? pick(next, ODD) : 'MSK') : null,
    enabled: next(12) !== 0,
  };
}

function fees(next: Next): DirectionRateDto['fees'] {
  if (next(3) !== 0) return undefined;
  return {
    minFee: next(2) === 0 ? pick(next, DECIMALS) : undefined,
    fromFee: next(2) === 0 ? { value: pick(next, DECIMALS), unit: 'percent' } : undefined,
    toFee: next(2) === 0 ? { value: pick(next, DECIMALS), unit: 'amount' } : undefined,
  };
}

function rate(next: Next, from: string, to: string): DirectionRateDto {
  const value = () => (next(30) === 0 ? pick(next, ODD) : pick(next, DECIMALS));
  return {
    from, to, rate: '1', in: value(), out: value(), reserve: value(), min: pick(next, DECIMALS), max: pick(next, DECIMALS),
    rateTypes: ['fixed'], manual: next(4) === 0, updatedAt: '2025-06-01T12:00:00.000Z', stale: next(15) === 0, fees: fees(next),
  };
}

/** One rate update: some rates move, some change their fixed parts, a few directions come or go, an asset may be replaced. */
function update(next: Next, rates: DirectionRateDto[], assets: ExportAsset[]): [DirectionRateDto[], ExportAsset[]] {
  const moved = rates.flatMap((each) => {
    const roll = next(20);
    if (roll === 0) return [];
    if (roll < 8) return [{ ...each, in: pick(next, DECIMALS), out: pick(next, DECIMALS), reserve: pick(next, DECIMALS), max: pick(next, DECIMALS) }];
    if (roll === 8) return [{ ...each, min: pick(next, DECIMALS), fees: fees(next), manual: !each.manual, stale: next(3) === 0 }];
    return [each];
  });
  if (next(3) === 0) moved.splice(next(moved.length + 1), 0, rate(next, pick(next, assets).code, pick(next, assets).code));
  const replaced = [...assets];
  if (next(4) === 0) {
    const index = next(assets.length);
    replaced[index] = { ...asset(next, index), code: assets[index].code };
  }
  return [moved, replaced];
}

function reference(rates: DirectionRateDto[], assets: ExportAsset[]): string[] {
  const rows = toExportRows(rates, assets);
  return [formatRatesXml(rows), formatRatesJson(rows), formatRatesTxt(rows)].map((body) => body.toString('utf8'));
}

const bodies = (cache: ExportCache) => [cache.xml.body, cache.json.body, cache.txt.body].map((body) => body.toString('utf8'));
const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('export rebuilds from the previous frames', () => {
  it('write the bytes of a full rebuild and of the row formatters after random rate updates', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const next = integers(seed);
      let assets = Array.from({ length: 8 }, (_, index) => asset(next, index));
      let rates = Array.from({ length: 40 }, () => rate(next, pick(next, assets).code, pick(next, assets).code));
      let cache = buildExportCache(rates, assets, { now: NOW });
      for (let step = 0; step < 15; step += 1) {
        [rates, assets] = update(next, rates, assets);
        const incremental = buildExportCache(rates, assets, { now: NOW, previous: cache });
        const full = buildExportCache(rates, assets, { now: NOW });
        expect(bodies(incremental), `seed ${seed}, update ${step}`).to.deep.equal(reference(rates, assets));
        expect(bodies(full)).to.deep.equal(bodies(incremental));
        expect([full.xml.etag, full.json.etag, full.txt.etag]).to.deep.equal([incremental.xml.etag, incremental.json.etag, incremental.txt.etag]);
        expect(incremental.count).to.equal(toExportRows(rates, assets).length);
        cache = incremental;
      }
    }
  });

  it('writes a row that changed its fixed parts with its new minimum, fees and flag', () => {
    const assets: ExportAsset[] = [
      { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true },
      { code: 'CASHRUBMSK', type: 'cash', currency: 'RUB', city: 'MSK', enabled: true },
    ];
    const first: DirectionRateDto = {
      from: 'BTC', to: 'CASHRUBMSK', rate: '7000000', in: '1', out: '7000000', reserve: '1500000', min: '0.002', max: '0.5',
      rateTypes: ['fixed'], manual: false, updatedAt: '2025-06-01T12:00:00.000Z', stale: false,
    };
    const previous = buildExportCache([first], assets, { now: NOW });
    const changed = { ...first, min: '0.003', manual: true, fees: { toFee: { value: '1', unit: 'percent' as const } } };
    const cache = buildExportCache([changed], assets, { now: NOW, previous });
    expect(cache.xml.body.toString()).to.contain('<minamount>0.003 BTC</minamount><maxamount>0.5 BTC</maxamount><tofee>1 %</tofee><city>MSK</city><param>manual</param>');
  });
});
