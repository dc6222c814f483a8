import { expect } from 'chai';
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../common/catalogue';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import {
  advanceSnapshot,
  computeRates,
  computeRatesInSlices,
  diffRates,
  directionKey,
  indexRates,
  sameRate,
  priceSources,
  type Catalogue,
  type SourceReading,
} from './engine';
import { createSimulatedProvider } from './providers/simulated';
import type { Quote } from './providers/types';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const SECONDS_AGO = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

function quote(source: string, base: string, quoteCode: string, price: string, at = SECONDS_AGO(5)): Quote {
  return { source, base, quote: quoteCode, bid: price, ask: price, at };
}

function reading(name: string, quotes: Quote[], overrides: Partial<SourceReading> = {}): SourceReading {
  return { name, quotes, healthy: true, maxAgeMs: 60_000, ...overrides };
}

function asset(code: string, currency: string, overrides: Partial<AssetDto> = {}): AssetDto {
  return {
    code, name: code, nameRu: null, type: 'coin', currency, network: null, precision: 8, icon: code.toLowerCase(),
    reserve: '1000000', enabled: true, city: null, ...overrides,
  };
}

function direction(from: string, to: string, overrides: Partial<DirectionDto> = {}): DirectionDto {
  return {
    from, to, markup: '1', minAmount: '0.001', maxAmount: '10', rateTypes: ['fixed'], fixedPeriodMinutes: 20,
    manual: false, oneWay: false, extraFields: [], enabled: true, ...overrides,
  };
}

const EXCHANGE = [quote('exchange', 'BTC', 'USDT', '100000'), quote('exchange', 'USDT', 'RUB', '80')];
const REFERENCE = [quote('bank', 'KGS', 'RUB', '0.9', SECONDS_AGO(3 * 86_400))];

describe('priceSources', () => {
  it('prices from fresh quotes, each source judged by its own max age', () => {
    const prices = priceSources(
      [reading('exchange', EXCHANGE), reading('bank', REFERENCE, { maxAgeMs: 14 * 86_400_000 })],
      NOW,
    );
    expect(prices.get('BTC')).to.include({ bid: '100000', stale: false });
    expect(prices.get('KGS')).to.include({ stale: false });
    expect(prices.get('KGS')!.path).to.deep.equal(['KGS', 'RUB', 'USDT']);
  });

  it('marks stale what only a quote older than its source allows can price', () => {
    const prices = priceSources([reading('exchange', EXCHANGE), reading('bank', REFERENCE)], NOW);
    expect(prices.get('KGS')).to.include({ stale: true, at: REFERENCE[0].at });
    expect(prices.get('RUB')).to.include({ stale: false });
  });

  it('marks stale every price resting on a provider whose last poll failed', () => {
    const prices = priceSources([reading('exchange', EXCHANGE, { healthy: false })], NOW);
    expect(prices.get('BTC')).to.include({ bid: '100000', stale: true });
    expect(prices.get('RUB')).to.include({ stale: true });
    expect(prices.get('USDT')).to.include({ stale: false });
  });

  it('prefers a healthy source over a failed one that comes first', () => {
    const failed = reading('first', [quote('first', 'BTC', 'USDT', '90000')], { healthy: false });
    const healthy = reading('second', [quote('second', 'BTC', 'USDT', '100000')]);
    expect(priceSources([failed, healthy], NOW).get('BTC')).to.include({ bid: '100000', stale: false });
  });
});

describe('computeRates', () => {
  const prices = priceSources([reading('exchange', EXCHANGE)], NOW);

  it('rates every enabled direction between enabled, priced assets, in catalogue order', () => {
    const catalogue: Catalogue = {
      assets: [asset('BTC', 'BTC'), asset('SBERRUB', 'RUB', { precision: 2 }), asset('ETH', 'ETH'), asset('OFF', 'RUB', { enabled: false })],
      directions: [
        direction('SBERRUB', 'BTC', { minAmount: '1000', maxAmount: '100000' }),
        direction('BTC', 'SBERRUB'),
        direction('BTC', 'SBERRUB', { enabled: false, markup: '5' }),
        direction('BTC', 'OFF'),
        direction('ETH', 'BTC'),
      ],
    };
    const { rates } = computeRates(catalogue, prices);
    expect(rates.map(directionKey)).to.deep.equal(['SBERRUB>BTC', 'BTC>SBERRUB']);
    expect(rates[1]).to.include({ rate: '7920000', stale: false });
  });

  it('leaves out a manual direction outside its working hours at the time given, and only a manual one', () => {
    // NOW in Moscow (GMT+3): the schedule opens the direction on that weekday only from 00:00 to 00:01.
    const local = new Date(NOW.getTime() + 180 * 60_000);
    const day = (local.getUTCDay() + 6) % 7;
    const schedule = { utcOffsetMinutes: 180, ranges: [{ day: (day + 3) % 7, from: '00:00', to: '00:01' }] };
    const allDay = { utcOffsetMinutes: 180, ranges: [{ day, from: '00:00', to: '24:00' }] };
    const catalogue: Catalogue = {
      assets: [asset('BTC', 'BTC'), asset('SBERRUB', 'RUB', { precision: 2 }), asset('USDT', 'USDT')],
      directions: [
        direction('BTC', 'SBERRUB', { manual: true, schedule }),
        direction('SBERRUB', 'BTC', { manual: false, schedule }),
        direction('USDT', 'SBERRUB', { manual: true, schedule: allDay }),
      ],
    };
    expect(computeRates(catalogue, prices, NOW).rates.map(directionKey)).to.deep.equal(['SBERRUB>BTC', 'USDT>SBERRUB']);
    const threeDaysLater = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 3) - 180 * 60_000);
    expect(computeRates(catalogue, prices, threeDaysLater).rates.map(directionKey)).to.deep.equal(['BTC>SBERRUB', 'SBERRUB>BTC']);
  });

  it('gives in slices what it gives in one go, and lets other work run between the slices', async () => {
    const catalogue: Catalogue = {
      assets: [asset('BTC', 'BTC'), asset('SBERRUB', 'RUB', { precision: 2 }), asset('ETH', 'ETH'), asset('OFF', 'RUB', { enabled: false })],
      directions: [
        direction('SBERRUB', 'BTC', { minAmount: '1000', maxAmount: '100000' }),
        direction('BTC', 'SBERRUB'),
        direction('BTC', 'SBERRUB', { enabled: false, markup: '5' }),
        direction('BTC', 'OFF'),
        direction('ETH', 'SBERRUB'),
        direction('SBERRUB', 'ETH', { markup: '2' }),
      ],
    };
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const sliced = await computeRatesInSlices(catalogue, prices, 2);
    order.push('rates');
    expect(order).to.deep.equal(['other work', 'rates']);
    expect(sliced).to.deep.equal(computeRates(catalogue, prices));
    expect(sliced.rates.map(directionKey)).to.deep.equal(['SBERRUB>BTC', 'BTC>SBERRUB']);
  });

  it('publishes the reserve and export fields of every enabled asset', () => {
    const catalogue: Catalogue = {
      assets: [asset('BTC', 'BTC', { reserve: '12.5' }), asset('OFF', 'RUB', { enabled: false })],
      directions: [],
    };
    const computed = computeRates(catalogue, prices);
    expect(computed.reserves).to.deep.equal([{ code: 'BTC', amount: '12.5' }]);
    expect(computed.assets).to.deep.equal([
      { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true, precision: 8 },
    ]);
  });

  it('gives every seeded direction a fresh rate from one simulated poll', async () => {
    const quotes = await createSimulatedProvider({ seed: 4, now: () => NOW }).fetchQuotes();
    const computed = computeRates({ assets: SEED_ASSETS, directions: SEED_DIRECTIONS }, priceSources([reading('simulated', quotes)], NOW));
    expect(computed.rates.map(directionKey)).to.deep.equal(SEED_DIRECTIONS.map(directionKey));
    expect(computed.rates.filter((rate) => rate.stale)).to.deep.equal([]);
    expect(computed.reserves).to.have.length(SEED_ASSETS.length);
  });
});

describe('diffRates', () => {
  const catalogue: Catalogue = {
    assets: [asset('BTC', 'BTC'), asset('SBERRUB', 'RUB', { precision: 2 }), asset('USDT', 'USDT', { precision: 6 })],
    directions: [direction('BTC', 'SBERRUB'), direction('USDT', 'SBERRUB', { minAmount: '10', maxAmount: '1000' })],
  };
  const before = computeRates(catalogue, priceSources([reading('exchange', EXCHANGE)], NOW)).rates;

  it('counts a rate that only got a newer updatedAt as unchanged and keeps its previous object', () => {
    const later = new Date(NOW.getTime() + 3000);
    const moved = [quote('exchange', 'BTC', 'USDT', '100000', later.toISOString()), quote('exchange', 'USDT', 'RUB', '80', later.toISOString())];
    const next = computeRates(catalogue, priceSources([reading('exchange', moved)], later)).rates;
    const diff = diffRates(indexRates(before), next);
    expect(diff.changed).to.deep.equal([]);
    expect(diff.rates[0]).to.equal(before[0]);
  });

  it('lists only the directions whose rate moved', () => {
    const moved = [quote('exchange', 'BTC', 'USDT', '100500'), quote('exchange', 'USDT', 'RUB', '80')];
    const next = computeRates(catalogue, priceSources([reading('exchange', moved)], NOW)).rates;
    const diff = diffRates(indexRates(before), next);
    expect(diff.changed.map(directionKey)).to.deep.equal(['BTC>SBERRUB']);
    expect(diff.rates[1]).to.equal(before[1]);
  });

  it('tells a rate apart by every field a client sees, updatedAt aside', () => {
    const [rate] = before;
    const fees = { minFee: '0.0001', toFee: { value: '1', unit: 'percent' as const } };
    const withFees = { ...rate, fees };
    expect(sameRate(rate, { ...rate, updatedAt: '2030-01-01T00:00:00.000Z' })).to.equal(true);
    expect(sameRate(withFees, { ...rate, fees: JSON.parse(JSON.stringify(fees)) as typeof fees })).to.equal(true);
    const changes: Partial<DirectionRateDto>[] = [
      { rate: '1' }, { in: '2' }, { out: '3' }, { reserve: '4' }, { min: '5' }, { max: '6' }, { stale: !rate.stale },
      { manual: !rate.manual }, { rateTypes: rate.rateTypes.length === 1 ? ['fixed', 'float'] : ['fixed'] }, { fees: { ...fees, minFee: '0.0002' } },
    ];
    for (const change of changes) expect(sameRate(withFees, { ...withFees, ...change }), JSON.stringify(change)).to.equal(false);
    expect(sameRate(rate, withFees)).to.equal(false);
  });

  it('lists a direction that turned stale as changed', () => {
    const next = computeRates(catalogue, priceSources([reading('exchange', EXCHANGE, { healthy: false })], NOW)).rates;
    const diff = diffRates(indexRates(before), next);
    expect(diff.changed.map((rate) => [directionKey(rate), rate.stale])).to.deep.equal([
      ['BTC>SBERRUB', true],
      ['USDT>SBERRUB', true],
    ]);
  });

  it('lists directions that are gone as removed', () => {
    const diff = diffRates(indexRates(before), before.slice(1));
    expect(diff.removed).to.deep.equal([{ from: 'BTC', to: 'SBERRUB' }]);
    expect(diff.changed).to.deep.equal([]);
  });
});

describe('advanceSnapshot', () => {
  const catalogue: Catalogue = {
    assets: [asset('BTC', 'BTC', { reserve: '10' }), asset('SBERRUB', 'RUB', { precision: 2, reserve: '5000000' })],
    directions: [direction('BTC', 'SBERRUB')],
  };
  const computed = computeRates(catalogue, priceSources([reading('exchange', EXCHANGE)], NOW));

  it('starts at version 1 with everything in the change, assets included', () => {
    const { snapshot, change } = advanceSnapshot(null, computed, { now: NOW, holdsForMs: 30_000 });
    expect(snapshot).to.include({ version: 1, generatedAt: NOW.toISOString(), staleAt: '2026-03-02T10:00:30.000Z' });
    expect(change.rates).to.deep.equal(computed.rates);
    expect(change.reserves).to.deep.equal(computed.reserves);
    expect(change.assets).to.deep.equal(computed.assets);
  });

  it('carries the prices the rates came from in the snapshot, and in the change only when one moved', () => {
    const first = advanceSnapshot(null, computed, { now: NOW, holdsForMs: 30_000 });
    expect(first.snapshot.prices).to.deep.equal(computed.prices);
    expect(first.change.prices).to.deep.equal(computed.prices);
    // The assets' currencies only: USDT is priced (the anchor) but no asset is in it.
    expect(Object.keys(computed.prices).sort()).to.deep.equal(['BTC', 'RUB']);
    expect(computed.prices.BTC).to.deep.equal({ bid: computed.prices.BTC.bid, ask: computed.prices.BTC.ask });
    const same = advanceSnapshot(first.snapshot, computed, { now: NOW, holdsForMs: 30_000 });
    expect(same.change).not.to.have.property('prices');
    const moved = { ...computed, prices: { ...computed.prices, BTC: { bid: '1', ask: '2' } } };
    expect(advanceSnapshot(first.snapshot, moved, { now: NOW, holdsForMs: 30_000 }).change.prices).to.deep.equal(moved.prices);
  });

  it('moves to the next version with only what changed, and no assets when they did not', () => {
    const first = advanceSnapshot(null, computed, { now: NOW, holdsForMs: 30_000 }).snapshot;
    const reserveMoved = computeRates(
      { ...catalogue, assets: [asset('BTC', 'BTC', { reserve: '9.5' }), catalogue.assets[1]] },
      priceSources([reading('exchange', EXCHANGE)], NOW),
    );
    const { snapshot, change } = advanceSnapshot(first, reserveMoved, { now: NOW, holdsForMs: 30_000 });
    expect(snapshot.version).to.equal(2);
    expect(change.reserves).to.deep.equal([{ code: 'BTC', amount: '9.5' }]);
    expect(change.rates).to.deep.equal([]);
    expect(change).not.to.have.property('assets');
  });

  it('reports a reserve no longer published', () => {
    const first = advanceSnapshot(null, computed, { now: NOW, holdsForMs: 30_000 }).snapshot;
    const fewer = computeRates({ assets: [catalogue.assets[0]], directions: [] }, priceSources([], NOW));
    const { change } = advanceSnapshot(first, fewer, { now: NOW, holdsForMs: 30_000 });
    expect(change.removedReserves).to.deep.equal(['SBERRUB']);
    expect(change.removed).to.deep.equal([{ from: 'BTC', to: 'SBERRUB' }]);
    expect(change.assets).to.deep.equal(fewer.assets);
  });
});
