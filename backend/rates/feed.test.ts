import { expect } from 'chai';
import { silentLogger } from '../platform/db/testing/testDatabases';
import { generateCatalogue } from '../../db/seeders/generate';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { computeRates, priceSources } from './engine';
import { backoffMs, createRateFeed, liveSources, simulatedSources, type FeedSource } from './feed';
import { createBinanceProvider } from './providers/binance';
import { createSimulatedProvider } from './providers/simulated';
import { jsonFixture, startFixtureServer, type FixtureBehaviour, type FixtureServer } from './providers/testing/fixtureServer';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('rate feed', () => {
  let server: FixtureServer | undefined;
  let reply: FixtureBehaviour;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function binanceSource(everyMs = 10_000): Promise<FeedSource> {
    reply = jsonFixture('binance-bookTicker.json');
    server = await startFixtureServer(() => reply);
    return { provider: createBinanceProvider({ baseUrl: server.baseUrl, timeoutMs: 5000 }), everyMs, maxAgeMs: 60_000 };
  }

  it('polls a source on the first poll, then only once its interval has passed', async () => {
    const feed = createRateFeed([await binanceSource(10_000)], silentLogger);
    const [first] = await feed.poll(at(0));
    expect(first).to.include({ name: 'binance', healthy: true, maxAgeMs: 60_000 });
    expect(first.quotes.find((quote) => quote.base === 'BTC')).to.include({ bid: '96418.52' });
    await feed.poll(at(9_999));
    expect(server!.requests).to.have.length(1);
    await feed.poll(at(10_000));
    expect(server!.requests).to.have.length(2);
  });

  it('keeps the last good quotes of a failing source, reported unhealthy', async () => {
    const feed = createRateFeed([await binanceSource()], silentLogger);
    const [good] = await feed.poll(at(0));
    reply = { status: 502, body: 'Bad Gateway' };
    const [failed] = await feed.poll(at(10_000));
    expect(failed.healthy).to.equal(false);
    expect(failed.quotes).to.deep.equal(good.quotes);
    expect(feed.status()[0]).to.include({ failures: 1 });
    expect(feed.status()[0].lastError).to.include('HTTP 502');
  });

  it('backs off exponentially after failures and waits at least what Retry-After asks', async () => {
    const feed = createRateFeed([await binanceSource(10_000)], silentLogger);
    reply = { status: 502, body: 'Bad Gateway' };
    await feed.poll(at(0));
    expect(feed.status()[0].nextPollAtMs).to.equal(at(20_000).getTime());
    await feed.poll(at(20_000));
    expect(feed.status()[0].nextPollAtMs).to.equal(at(60_000).getTime());
    reply = jsonFixture('binance-error-rate-limit.json', 429, { 'retry-after': '300' });
    await feed.poll(at(60_000));
    expect(feed.status()[0].nextPollAtMs).to.equal(at(360_000).getTime());
    await feed.poll(at(359_999));
    expect(server!.requests).to.have.length(3);
  });

  it('is healthy again, on its normal interval, after a successful poll', async () => {
    const feed = createRateFeed([await binanceSource(10_000)], silentLogger);
    reply = { status: 502, body: 'Bad Gateway' };
    await feed.poll(at(0));
    reply = jsonFixture('binance-bookTicker.json');
    const [recovered] = await feed.poll(at(20_000));
    expect(recovered.healthy).to.equal(true);
    expect(feed.status()[0]).to.include({ failures: 0, lastError: null, nextPollAtMs: at(30_000).getTime() });
  });

  it('polls a source with no interval on every poll and returns sources in their order', async () => {
    const binance = await binanceSource();
    const simulated: FeedSource = { provider: createSimulatedProvider({ seed: 1, now: () => T0 }), everyMs: 0, maxAgeMs: 30_000 };
    const feed = createRateFeed([simulated, binance], silentLogger);
    const first = await feed.poll(at(0));
    const second = await feed.poll(at(1));
    expect(first.map((reading) => reading.name)).to.deep.equal(['simulated', 'binance']);
    expect(second[0].quotes).not.to.deep.equal(first[0].quotes);
    expect(server!.requests).to.have.length(1);
  });

  it('caps the back-off', () => {
    expect(backoffMs({ everyMs: 10_000, maxBackoffMs: 60_000 }, 12)).to.equal(60_000);
    expect(backoffMs({ everyMs: 10_000, maxBackoffMs: 60_000 }, 12, 3600)).to.equal(3_600_000);
  });

  it('builds the live sources in preference order, with symbol lists every adapter accepts', () => {
    const sources = liveSources();
    expect(sources.map((source) => source.provider.name)).to.deep.equal(['binance', 'bybit', 'coingecko', 'cbr']);
  });

  it('prices, simulated, every direction of the demo catalogue and of the generated one (db:seed --generated)', async () => {
    const feed = createRateFeed(simulatedSources(7), silentLogger);
    const prices = priceSources(await feed.poll(T0), T0);
    const generated = generateCatalogue();
    for (const catalogue of [{ assets: SEED_ASSETS, directions: SEED_DIRECTIONS }, generated]) {
      const { rates } = computeRates(catalogue, prices, T0);
      const offered = catalogue.directions.filter((direction) => direction.enabled).length;
      expect(rates.filter((rate) => !rate.stale)).to.have.length(offered);
    }
    // And they move: the next poll changes the generated currencies' rates.
    const later = priceSources(await feed.poll(at(3000)), at(3000));
    const sample = { assets: generated.assets, directions: generated.directions.slice(0, 200) };
    const before = computeRates(sample, prices, T0).rates.map((rate) => rate.rate);
    const after = computeRates(sample, later, at(3000)).rates.map((rate) => rate.rate);
    expect(after.filter((rate, index) => rate !== before[index]).length).to.be.above(150);
  });
});
