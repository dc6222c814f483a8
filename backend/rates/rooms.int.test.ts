import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import type { PairRateFrame, RatesDto } from '../../common/events';
import { initModels } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { CATALOGUE_CHANGED_CHANNEL } from './catalogueChanged';
import { connectWatchingClient, startTestWorker, type WatchingClient } from './testing/live';

const PAIR = { from: 'BTC', to: 'SBERRUB' };
const OTHER = { from: 'ETH', to: 'USDTTRC20' };

async function ratesOf(server: TestServer, query: string): Promise<RatesDto> {
  const response = await fetch(`${server.url}/api/rates?${query}`, { headers: { lang: 'en' } });
  expect(response.status).to.equal(200);
  return ((await response.json()) as { data: RatesDto }).data;
}

/** The pair's rate after applying `frames` (in order) over the ack's, as a page does. */
function replay(start: DirectionRateDto | undefined, frames: readonly PairRateFrame[]): DirectionRateDto | undefined {
  let rate = start;
  for (const frame of frames) rate = frame.d === null ? undefined : ({ ...rate, ...frame.d } as DirectionRateDto);
  return rate;
}

describe('rates:watch — a page receives only what it shows', function () {
  this.timeout(30_000);
  let server: TestServer;
  let worker: RunningWorker | undefined;
  const clients: WatchingClient[] = [];

  before(async () => {
    server = await startTestServer();
    worker = await startTestWorker(server);
    // The worker's first snapshot is in the store before any page watches.
    while ((await ratesOf(server, 'reserves=1')).version === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  after(async () => {
    for (const client of clients.splice(0)) client.close();
    await worker?.close();
    await server.close();
  });

  it('sends a pair watcher its pair only, each frame with the changed fields, in version order, adding up to the served rate', async () => {
    const watcher = await connectWatchingClient(server.url, { pairs: [PAIR], reserves: false });
    clients.push(watcher);
    const start = watcher.snapshot.version;
    expect(watcher.snapshot.rates.map((rate) => `${rate.from}>${rate.to}`)).to.deep.equal(['BTC>SBERRUB']);
    expect(watcher.snapshot.reserves).to.deep.equal([]);
    const last = await watcher.waitForFrame((frame) => frame.v >= start + 3);
    expect(new Set(watcher.frames.map((frame) => frame.k))).to.deep.equal(new Set(['BTC>SBERRUB']));
    expect(watcher.updates, 'no whole-feed updates').to.deep.equal([]);
    let held = start;
    for (const frame of watcher.frames) {
      expect(frame.p, 'applies to what the page holds').to.be.at.most(held);
      expect(frame.v).to.be.above(held);
      expect(Object.keys(frame.d ?? {})).to.not.include.members(['from', 'to', 'min', 'manual', 'rateTypes']);
      held = frame.v;
    }
    expect(last.v).to.be.above(start);
    // Every change of the pair up to a version, applied over the ack's rate, is the rate served at that version.
    const served = await ratesOf(server, 'pairs=BTC-SBERRUB');
    await watcher.waitForFrame((frame) => frame.v >= served.version);
    const upTo = watcher.frames.filter((frame) => frame.v <= served.version);
    expect(replay(watcher.snapshot.rates[0], upTo)).to.deep.equal(served.rates[0]);
  });

  it('moves a socket to its new pairs when it watches again, and acks their rates', async () => {
    const watcher = await connectWatchingClient(server.url, { pairs: [PAIR], reserves: false });
    clients.push(watcher);
    const answer = await watcher.socket.timeout(5000).emitWithAck('rates:watch', { pairs: [OTHER], reserves: false });
    expect('data' in answer && answer.data.rates.map((rate: DirectionRateDto) => `${rate.from}>${rate.to}`)).to.deep.equal(['ETH>USDTTRC20']);
    const version = 'data' in answer ? answer.data.version : 0;
    await watcher.waitForFrame((frame) => frame.k === 'ETH>USDTTRC20' && frame.v > version + 1);
    expect(watcher.frames.filter((frame) => frame.k === 'BTC>SBERRUB' && frame.v > version)).to.deep.equal([]);
  });

  it('refuses a watch that is not one with validation_failed', async () => {
    const watcher = await connectWatchingClient(server.url, { pairs: [], reserves: false });
    clients.push(watcher);
    const answer = await watcher.socket.timeout(5000).emitWithAck('rates:watch', { pairs: [{ from: 'btc', to: '<x>' }], reserves: false });
    expect('error' in answer && answer.error.code).to.equal('validation_failed');
    expect('error' in answer && answer.error.message).to.equal('Value is incorrect');
  });

  it('sends the reserves page reserves:update with the version of the one before, and no rates', async () => {
    const page = await connectWatchingClient(server.url, { pairs: [], reserves: true });
    const idle = await connectWatchingClient(server.url, { pairs: [], reserves: false });
    clients.push(page, idle);
    expect(page.snapshot.reserves.length).to.be.above(10);
    const { Asset } = initModels(server.db.sequelize);
    const btc = await Asset.findOne({ where: { code: 'BTC' } });
    const before = btc!.reserve;
    try {
      for (const bump of [1n, 2n]) {
        const amount = (BigInt(before.split('.')[0]) + bump).toString();
        await Asset.update({ reserve: amount }, { where: { code: 'BTC' } });
        await server.kv.publish(CATALOGUE_CHANGED_CHANNEL, 'BTC');
        await page.waitForReserves((update) => update.reserves.some((entry) => entry.code === 'BTC' && entry.amount === amount));
      }
      const [first, second] = page.reserves.slice(-2);
      expect(second.previous).to.equal(first.version);
      expect(first.previous).to.be.at.least(0);
      expect(page.frames).to.deep.equal([]);
      expect(idle.frames.concat().length + idle.reserves.length + idle.updates.length, 'a page watching nothing gets nothing').to.equal(0);
    } finally {
      await Asset.update({ reserve: before }, { where: { code: 'BTC' } });
    }
  });

  it('answers GET /api/rates for a scope: the pairs, an asset\'s directions, the reserves', async () => {
    const pairs = await ratesOf(server, 'pairs=BTC-SBERRUB,ETH-USDTTRC20,BTC-NOPE');
    expect(pairs.rates.map((rate) => `${rate.from}>${rate.to}`)).to.deep.equal(['BTC>SBERRUB', 'ETH>USDTTRC20']);
    expect(pairs.reserves).to.deep.equal([]);
    const asset = await ratesOf(server, 'asset=SBERRUB');
    expect(asset.rates.length).to.be.above(3);
    expect(asset.rates.every((rate) => rate.from === 'SBERRUB' || rate.to === 'SBERRUB')).to.equal(true);
    const reserves = await ratesOf(server, 'reserves=1');
    expect(reserves.rates).to.deep.equal([]);
    expect(reserves.reserves.length).to.be.above(10);
    const bad = await fetch(`${server.url}/api/rates?pairs=BTC`, { headers: { lang: 'en' } });
    expect(bad.status).to.equal(400);
  });

  it('answers a scope from the state of the moment: the same bytes within a tick, the next tick\'s rates after it', async () => {
    const text = async (query: string) => (await fetch(`${server.url}/api/rates?${query}`, { headers: { lang: 'en' } })).text();
    const first = await text('asset=SBERRUB');
    const version = (JSON.parse(first) as { data: RatesDto }).data.version;
    const again = await text('asset=SBERRUB');
    if ((JSON.parse(again) as { data: RatesDto }).data.version === version) expect(again).to.equal(first);
    const deadline = Date.now() + 20_000;
    let next = version;
    while (next === version && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = (await ratesOf(server, 'asset=SBERRUB')).version;
    }
    expect(next, 'a later tick reaches GET /api/rates').to.be.above(version);
    const all = await ratesOf(server, '');
    expect(all.version).to.be.at.least(next);
  });
});
