import { expect } from 'chai';
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import type { RatesUpdate, ReservesUpdate } from '../../common/events';
import { silentLogger } from '../platform/db/testing/testDatabases';
import { MemoryKV } from '../platform/kv';
import { advanceSnapshot, computeRates, priceSources, type Catalogue, type RatesSnapshot } from './engine';
import type { Quote } from './providers/types';
import { publishSnapshot, RATES_CHANNEL, RATES_SNAPSHOT_KEY, startRatesStore, type RatesStore } from './store';

const T0 = new Date('2026-03-02T10:00:00.000Z');

function asset(code: string, currency: string, reserve: string): AssetDto {
  return { code, name: code, nameRu: null, type: 'coin', currency, network: null, precision: 8, icon: 'x', reserve, enabled: true, city: null };
}

function direction(from: string, to: string): DirectionDto {
  return {
    from, to, markup: '1', minAmount: '0.001', maxAmount: '10', rateTypes: ['fixed'], fixedPeriodMinutes: 20,
    manual: false, oneWay: false, extraFields: [], enabled: true,
  };
}

const CATALOGUE: Catalogue = {
  assets: [asset('BTC', 'BTC', '10'), asset('ETH', 'ETH', '100'), asset('USDTTRC20', 'USDT', '1000000')],
  directions: [direction('BTC', 'USDTTRC20'), direction('ETH', 'USDTTRC20'), direction('BTC', 'ETH')],
};

function computed(btc: string, eth: string, catalogue = CATALOGUE) {
  const quotes: Quote[] = [
    { source: 's', base: 'BTC', quote: 'USDT', bid: btc, ask: btc, at: T0.toISOString() },
    { source: 's', base: 'ETH', quote: 'USDT', bid: eth, ask: eth, at: T0.toISOString() },
  ];
  return computeRates(catalogue, priceSources([{ name: 's', quotes, healthy: true, maxAgeMs: 60_000 }], T0));
}

describe('RatesStore', () => {
  let kv: MemoryKV;
  let store: RatesStore | undefined;
  let clock: Date;
  let sent: { rates: RatesUpdate[]; reserves: ReservesUpdate[] };
  let waiters: Array<() => void>;

  beforeEach(() => {
    kv = new MemoryKV();
    clock = T0;
    sent = { rates: [], reserves: [] };
    waiters = [];
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await kv.close();
  });

  async function start(): Promise<RatesStore> {
    store = await startRatesStore({
      kv,
      logger: silentLogger,
      now: () => clock,
      expiryCheckMs: 5,
      broadcast: {
        rates: (update) => {
          sent.rates.push(update);
          for (const wake of waiters.splice(0)) wake();
        },
        reserves: (update) => {
          sent.reserves.push(update);
          for (const wake of waiters.splice(0)) wake();
        },
      },
    });
    // What the start-up load sent is not what these tests look at.
    sent = { rates: [], reserves: [] };
    return store;
  }

  /** Resolves once the store has broadcast `count` rates updates in all. */
  async function ratesSent(count: number): Promise<RatesUpdate[]> {
    while (sent.rates.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return sent.rates;
  }

  async function publish(previous: RatesSnapshot | null, next: ReturnType<typeof computed>): Promise<RatesSnapshot> {
    const { snapshot, change } = advanceSnapshot(previous, next, { now: T0, holdsForMs: 30_000 });
    await publishSnapshot(kv, snapshot, change);
    return snapshot;
  }

  it('loads the snapshot already in the KV at start, with its exports', async () => {
    await publish(null, computed('100000', '3000'));
    const state = (await start()).current();
    expect(state).to.include({ version: 1, expired: false });
    expect(state!.list).to.have.length(3);
    expect(state!.exports.txt.body.toString()).to.match(/^BTC;USDTTRC20;1;99000;1000000;$/m);
  });

  it('has nothing before the worker publishes, and the first snapshot once it does', async () => {
    await start();
    expect(store!.current()).to.equal(null);
    await publish(null, computed('100000', '3000'));
    const [update] = await ratesSent(1);
    expect(update.version).to.equal(1);
    expect(update.rates).to.have.length(3);
    expect(store!.current()!.version).to.equal(1);
  });

  it('broadcasts exactly the changed directions of each following version', async () => {
    const first = await publish(null, computed('100000', '3000'));
    await start();
    await publish(first, computed('100000', '3100'));
    const [update] = await ratesSent(1);
    expect(update.version).to.equal(2);
    expect(update.rates.map((rate) => `${rate.from}>${rate.to}`)).to.deep.equal(['ETH>USDTTRC20', 'BTC>ETH']);
    expect(store!.current()!.exports.txt.body.toString()).to.match(/^ETH;USDTTRC20;1;3069;1000000;$/m);
  });

  it('broadcasts a reserve change as reserves:update, with the directions paying out of it', async () => {
    const first = await publish(null, computed('100000', '3000'));
    await start();
    const catalogue = { ...CATALOGUE, assets: [CATALOGUE.assets[0], asset('ETH', 'ETH', '90'), CATALOGUE.assets[2]] };
    await publish(first, computed('100000', '3000', catalogue));
    const [update] = await ratesSent(1);
    expect(sent.reserves).to.deep.equal([{ version: 2, reserves: [{ code: 'ETH', amount: '90' }], removed: [], at: T0.toISOString() }]);
    expect(update.rates.map((rate) => [`${rate.from}>${rate.to}`, rate.reserve])).to.deep.equal([['BTC>ETH', '90']]);
  });

  it('keeps the prices of the rates it serves, for the server only: no update sent carries them', async () => {
    const first = await publish(null, computed('100000', '3000'));
    await start();
    expect(store!.current()!.prices).to.deep.equal({ BTC: { bid: '100000', ask: '100000' }, ETH: { bid: '3000', ask: '3000' }, USDT: { bid: '1', ask: '1' } });
    await publish(first, computed('100000', '3100'));
    await ratesSent(1);
    expect(store!.current()!.prices.ETH).to.deep.equal({ bid: '3100', ask: '3100' });
    expect(JSON.stringify(sent)).not.to.match(/bid|ask/);
  });

  it('ignores a change it already has', async () => {
    const first = await publish(null, computed('100000', '3000'));
    await start();
    const second = await publish(first, computed('100000', '3100'));
    await ratesSent(1);
    const { change } = advanceSnapshot(first, computed('90000', '3100'), { now: T0, holdsForMs: 30_000 });
    await kv.publish(RATES_CHANNEL, JSON.stringify(change));
    await publish(second, computed('100000', '3200'));
    const updates = await ratesSent(2);
    expect(updates.map((update) => update.version)).to.deep.equal([2, 3]);
    expect(store!.current()!.rates.get('BTC>USDTTRC20')!.rate).to.equal('99000');
  });

  it('reloads the snapshot after a missed change and broadcasts what differs from what it had', async () => {
    const first = await publish(null, computed('100000', '3000'));
    await start();
    // Version 2 is written but its message lost; version 3 arrives.
    const { snapshot: second } = advanceSnapshot(first, computed('101000', '3000'), { now: T0, holdsForMs: 30_000 });
    await kv.set(RATES_SNAPSHOT_KEY, JSON.stringify(second));
    await publish(second, computed('101000', '3100'));
    const [update] = await ratesSent(1);
    expect(update.version).to.equal(3);
    expect(update.rates).to.have.length(3);
    expect(store!.current()!.rates.get('BTC>USDTTRC20')!.rate).to.equal('99990');
  });

  it('turns every rate stale and empties the exports once the snapshot lapses', async () => {
    await publish(null, computed('100000', '3000'));
    await start();
    clock = new Date(T0.getTime() + 30_001);
    const [update] = await ratesSent(1);
    expect(update.rates.map((rate) => rate.stale)).to.deep.equal([true, true, true]);
    expect(store!.current()).to.include({ expired: true });
    expect(store!.current()!.exports.count).to.equal(0);
  });
});
