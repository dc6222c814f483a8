import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import type { RatesDto } from '../../common/events';
import { loadCatalogue } from '../catalogue/repository';
import { initModels } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { CATALOGUE_CHANGED_CHANNEL, reserveChangeMessage } from './catalogueChanged';
import { directionKey } from './engine';
import { createSimulatedProvider } from './providers/simulated';
import { SIMULATED_MARKETS } from './providers/simulatedMarket';
import { RATES_CHANNEL } from './store';
import { connectRatesClient, startTestWorker, type RatesClient } from './testing/live';

async function getRates(server: TestServer): Promise<RatesDto> {
  const response = await fetch(`${server.url}/api/rates`, { headers: { lang: 'en' } });
  expect(response.status).to.equal(200);
  return ((await response.json()) as { data: RatesDto }).data;
}

/** Everything a client sees of a rate except its time. */
function visible(rate: DirectionRateDto): string {
  const { updatedAt: _ignored, ...rest } = rate;
  return JSON.stringify(rest);
}

describe('live rates: worker → KV → web process → sockets', function () {
  this.timeout(30_000);
  let server: TestServer;
  let worker: RunningWorker | undefined;
  let client: RatesClient | undefined;

  before(async () => {
    server = await startTestServer();
  });

  afterEach(async () => {
    client?.close();
    client = undefined;
    await worker?.close();
    worker = undefined;
  });

  after(async () => {
    await server.close();
  });

  it('answers an empty snapshot before the worker has published anything', async () => {
    expect(await getRates(server)).to.deep.equal({ version: 0, rates: [], reserves: [], updatedAt: null });
  });

  it('gives every enabled direction of the seeded catalogue a fresh rate, and every asset its reserve', async () => {
    client = await connectRatesClient(server.url);
    worker = await startTestWorker(server);
    await client.waitForRates();
    const catalogue = await loadCatalogue(server.db);
    const snapshot = await getRates(server);
    expect(catalogue.directions.length).to.be.greaterThan(300);
    expect(snapshot.rates.map(directionKey).sort()).to.deep.equal(catalogue.directions.map(directionKey).sort());
    expect(snapshot.rates.filter((rate) => rate.stale).map(directionKey)).to.deep.equal([]);
    expect(snapshot.reserves).to.deep.equal(catalogue.assets.map((asset) => ({ code: asset.code, amount: asset.reserve })));
  });

  it('pushes only the directions whose rate changed', async () => {
    // Only bitcoin moves; every other market stands still.
    const markets = SIMULATED_MARKETS.map((market) => (market.base === 'BTC' ? market : { ...market, stepMicros: 0 }));
    const provider = createSimulatedProvider({ seed: 11, markets });
    client = await connectRatesClient(server.url);
    worker = await startTestWorker(server, { sources: [{ provider, everyMs: 0, maxAgeMs: 30_000 }] });
    await client.waitForRates();
    const baseline = await getRates(server);
    const last = await client.waitForRates((update) => update.version >= baseline.version + 3);

    const catalogue = await loadCatalogue(server.db);
    const currency = new Map(catalogue.assets.map((asset) => [asset.code, asset.currency]));
    const involvesBitcoin = (rate: DirectionRateDto) => currency.get(rate.from) === 'BTC' || currency.get(rate.to) === 'BTC';
    const known = new Map(baseline.rates.map((rate) => [directionKey(rate), rate]));
    const pushed = new Set<string>();
    for (const update of client.rates.filter((u) => u.version > baseline.version && u.version <= last.version)) {
      for (const rate of update.rates) {
        const key = directionKey(rate);
        const before = known.get(key);
        if (before) expect(visible(rate), `${key} was pushed unchanged`).not.to.equal(visible(before));
        expect(involvesBitcoin(rate), `${key} does not involve BTC`).to.equal(true);
        known.set(key, rate);
        pushed.add(key);
      }
    }
    expect(pushed.size).to.be.greaterThan(10);
    expect(pushed.size).to.equal(baseline.rates.filter(involvesBitcoin).length);
  });

  it('pushes reserves:update when a reserve changes in the catalogue', async () => {
    client = await connectRatesClient(server.url);
    worker = await startTestWorker(server);
    await client.waitForRates();
    const { Asset } = initModels(server.db.sequelize);
    const btc = await Asset.findOne({ where: { code: 'BTC' } });
    const before = btc!.reserve;
    const after = (BigInt(before.split('.')[0]) + 1n).toString();
    try {
      await Asset.update({ reserve: after }, { where: { code: 'BTC' } });
      await server.kv.publish(CATALOGUE_CHANGED_CHANNEL, 'BTC');
      const update = await client.waitForReserves((u) => u.reserves.some((entry) => entry.code === 'BTC'));
      expect(update.reserves).to.deep.equal([{ code: 'BTC', amount: after }]);
      const rates = await client.waitForRates((u) => u.rates.some((rate) => rate.to === 'BTC' && rate.reserve === after));
      expect(rates.rates.filter((rate) => rate.to === 'BTC').every((rate) => rate.reserve === after)).to.equal(true);
    } finally {
      await Asset.update({ reserve: before }, { where: { code: 'BTC' } });
    }
  });

  /**
   * A worker (with `options`) publishing to a connected client, BTC's reserve about to move to
   * `after` and a direction from BTC that `offered()` looks for in GET /api/rates; both are put
   * back (and announced) after `work`.
   */
  async function withBitcoinCase(
    options: Parameters<typeof startTestWorker>[1],
    work: (bitcoin: {
      watcher: RatesClient;
      Asset: ReturnType<typeof initModels>['Asset'];
      Direction: ReturnType<typeof initModels>['Direction'];
      after: string;
      direction: DirectionRateDto;
      where: { fromCode: string; toCode: string };
      offered: () => Promise<boolean>;
    }) => Promise<void>,
  ): Promise<void> {
    const watcher = await connectRatesClient(server.url);
    client = watcher;
    worker = await startTestWorker(server, options);
    await watcher.waitForRates();
    const { Asset, Direction } = initModels(server.db.sequelize);
    const before = (await Asset.findOne({ where: { code: 'BTC' } }))!.reserve;
    const after = (BigInt(before.split('.')[0]) + 2n).toString();
    const direction = (await getRates(server)).rates.find((rate) => rate.from === 'BTC')!;
    const where = { fromCode: direction.from, toCode: direction.to };
    const offered = async () => (await getRates(server)).rates.some((rate) => directionKey(rate) === directionKey(direction));
    try {
      await work({ watcher, Asset, Direction, after, direction, where, offered });
    } finally {
      await Asset.update({ reserve: before }, { where: { code: 'BTC' } });
      await Direction.update({ enabled: true }, { where });
      await server.kv.publish(CATALOGUE_CHANGED_CHANNEL, 'restored');
    }
  }

  it('re-reads only the assets on a payout\'s reserve message, and the directions on any other change', async () => {
    await withBitcoinCase({}, async ({ watcher, Asset, Direction, after, direction, where, offered }) => {
      // The reserve changes and is announced as a payout's; the direction is disabled unannounced.
      await Asset.update({ reserve: after }, { where: { code: 'BTC' } });
      await Direction.update({ enabled: false }, { where });
      await server.kv.publish(CATALOGUE_CHANGED_CHANNEL, reserveChangeMessage('BTC'));
      await watcher.waitForReserves((u) => u.reserves.some((entry) => entry.code === 'BTC' && entry.amount === after));
      expect(await offered()).to.equal(true);
      // Any other message re-reads the directions: the disabled one leaves.
      await server.kv.publish(CATALOGUE_CHANGED_CHANNEL, JSON.stringify({ direction: directionKey(direction) }));
      await watcher.waitForRates((u) => u.removed.some((removed) => directionKey(removed) === directionKey(direction)));
      expect(await offered()).to.equal(false);
    });
  });

  it('on schedule reads the reserves and keeps the directions while their table is unchanged, and reads them when it changed', async () => {
    await withBitcoinCase({ catalogueRefreshMs: 150 }, async ({ watcher, Asset, Direction, after, direction, where, offered }) => {
      // Nothing announced. The reserve shows on the next scheduled read; the direction, disabled by a
      // write that leaves updatedAt alone, stays (the directions were not read again)...
      await Direction.update({ enabled: false }, { where, silent: true });
      await Asset.update({ reserve: after }, { where: { code: 'BTC' } });
      await watcher.waitForReserves((u) => u.reserves.some((entry) => entry.code === 'BTC' && entry.amount === after));
      expect(await offered()).to.equal(true);
      // ...until a write that moves the directions' revision: then they are read whole. (MySQL keeps
      // whole seconds: the write goes in a later second than the seeding's.)
      if (server.db.dialect === 'mysql') await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
      await Direction.update({ enabled: false }, { where });
      await watcher.waitForRates((u) => u.removed.some((removed) => directionKey(removed) === directionKey(direction)));
      expect(await offered()).to.equal(false);
    });
  });

  it('turns every rate stale when the worker stops and no newer snapshot comes', async () => {
    client = await connectRatesClient(server.url);
    worker = await startTestWorker(server, { holdsForMs: 300 });
    const first = await client.waitForRates();
    await worker.close();
    worker = undefined;
    const staled = await client.waitForRates((update) => update.rates.length > 0 && update.rates.every((rate) => rate.stale));
    expect(staled.version).to.be.at.least(first.version);
    const snapshot = await getRates(server);
    expect(snapshot.rates.length).to.be.greaterThan(300);
    expect(snapshot.rates.filter((rate) => !rate.stale)).to.deep.equal([]);
  });

  it('offers fresh rates again once a worker publishes after the lapse', async () => {
    client = await connectRatesClient(server.url);
    worker = await startTestWorker(server, { holdsForMs: 300 });
    await client.waitForRates();
    await worker.close();
    worker = undefined;
    const staled = await client.waitForRates((update) => update.rates.length > 0 && update.rates.every((rate) => rate.stale));
    worker = await startTestWorker(server);
    await client.waitForRates(
      (update) => update.version > staled.version && update.rates.length > 300 && update.rates.every((rate) => !rate.stale),
    );
    expect((await getRates(server)).rates.filter((rate) => rate.stale)).to.deep.equal([]);
  });

  it('keeps one active worker: a second stays passive until the first stops, then continues the versions', async () => {
    const published: number[] = [];
    const unsubscribe = await server.kv.subscribe(RATES_CHANNEL, (message) => {
      published.push((JSON.parse(message) as { version: number }).version);
    });
    const leader = { ttlMs: 1000, renewEveryMs: 100 };
    client = await connectRatesClient(server.url);
    const first = await startTestWorker(server, { leader });
    const second = await startTestWorker(server, { leader });
    try {
      expect([first.isLeader(), second.isLeader()]).to.deep.equal([true, false]);
      const before = await client.waitForRates();
      await client.waitForRates((update) => update.version >= before.version + 3);
      expect(second.isLeader()).to.equal(false);
      await first.close();
      const handedOver = await client.waitForRates((update) => second.isLeader() && update.version > before.version + 3);
      await client.waitForRates((update) => update.version >= handedOver.version + 2);
      expect(second.isLeader()).to.equal(true);
      // One publisher at a time: every version is published once, each one more than the last.
      const run = published.slice(published.indexOf(before.version));
      expect(run).to.deep.equal(run.map((_, index) => before.version + index));
    } finally {
      await first.close();
      await second.close();
      await unsubscribe();
    }
  });
});
