import { expect } from 'chai';
import type { RatesUpdate } from '../../common/events';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { readSnapshot } from './store';
import { connectRatesClient, connectWatchingClient, startTestWorker, type RatesClient, type WatchingClient } from './testing/live';

describe('live rates across two web processes and one worker on Redis', function () {
  this.timeout(30_000);
  let first: TestServer;
  let second: TestServer;
  let worker: RunningWorker | undefined;
  const clients: RatesClient[] = [];
  const watchers: WatchingClient[] = [];

  before(async function () {
    if (!process.env.TEST_REDIS_URL) this.skip();
    first = await startTestServer({ ROLE: 'web' });
    second = await startTestServer({ ROLE: 'web', REDIS_PREFIX: first.config.redisPrefix, DATABASE_URL: first.config.databaseUrl });
  });

  after(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const watcher of watchers.splice(0)) watcher.close();
    await worker?.close();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('delivers every update exactly once to a client of each process, the same on both', async () => {
    const onFirst = await connectRatesClient(first.url);
    const onSecond = await connectRatesClient(second.url);
    clients.push(onFirst, onSecond);
    worker = await startTestWorker(first, { ownConnections: true });

    const start = await onFirst.waitForRates();
    const target = start.version + 4;
    await Promise.all([onFirst, onSecond].map((client) => client.waitForRates((update) => update.version >= target)));

    const versions = (client: RatesClient) => client.rates.map((update) => update.version);
    for (const client of [onFirst, onSecond]) {
      const seen = versions(client);
      expect(new Set(seen).size, `versions ${seen.join(',')}`).to.equal(seen.length);
      expect(seen, 'in order').to.deep.equal([...seen].sort((a, b) => a - b));
    }
    const byVersion = (client: RatesClient) => new Map(client.rates.map((update): [number, RatesUpdate] => [update.version, update]));
    const firstSeen = byVersion(onFirst);
    const secondSeen = byVersion(onSecond);
    for (let version = start.version + 1; version <= target; version += 1) {
      expect(secondSeen.get(version), `version ${version}`).to.deep.equal(firstSeen.get(version));
    }
    expect(firstSeen.get(target)!.rates.length).to.be.greaterThan(0);
  });

  it('sends a pair room the same frames on both processes, once each, and nothing of other pairs', async () => {
    const pair = { from: 'BTC', to: 'SBERRUB' };
    const onFirst = await connectWatchingClient(first.url, { pairs: [pair], reserves: false });
    const onSecond = await connectWatchingClient(second.url, { pairs: [pair], reserves: false });
    watchers.push(onFirst, onSecond);
    const start = Math.max(onFirst.snapshot.version, onSecond.snapshot.version);
    await Promise.all([onFirst, onSecond].map((watcher) => watcher.waitForFrame((frame) => frame.v >= start + 3)));
    const after = (watcher: WatchingClient) => watcher.frames.filter((frame) => frame.v > start && frame.v <= start + 3);
    expect(after(onFirst).length).to.be.above(0);
    expect(after(onSecond)).to.deep.equal(after(onFirst));
    for (const watcher of [onFirst, onSecond]) {
      const versions = watcher.frames.map((frame) => frame.v);
      expect(new Set(versions).size, 'each version once').to.equal(versions.length);
      expect(new Set(watcher.frames.map((frame) => frame.k))).to.deep.equal(new Set(['BTC>SBERRUB']));
    }
  });

  it('serves the same exports from both processes once both have the last snapshot', async () => {
    await worker!.close();
    worker = undefined;
    const last = await readSnapshot(first.kv);
    await Promise.all(clients.map((client) => client.waitForRates((update) => update.version === last!.version)));
    const [a, b] = await Promise.all(
      [first, second].map(async (server) => (await fetch(`${server.url}/export/rates.xml`)).text()),
    );
    expect(a).to.match(/^<\?xml/);
    expect(b).to.equal(a);
  });
});
