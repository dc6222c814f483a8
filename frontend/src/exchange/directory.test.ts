import { expect } from 'chai';
import { buildDirectory, offeredRate, receiveOptions, resolvePair, sendOptions, type Pair } from './directory';
import { pairKey } from './liveRates';
import { CATALOGUE, RATES } from './testing/fixtures';

const directory = buildDirectory(CATALOGUE);
const rates = new Map(RATES.map((rate) => [pairKey(rate.from, rate.to), rate]));
const codes = (assets: { code: string }[]) => assets.map((asset) => asset.code);

describe('exchange directory', () => {
  it('knows enabled directions between enabled assets only', () => {
    expect(directory.directions.has('BTC>SBERRUB')).to.equal(true);
    expect(directory.directions.has('BTC>XMR'), 'disabled asset').to.equal(false);
    expect(directory.directions.has('USDTTRC20>CARDKGS'), 'disabled direction').to.equal(false);
    expect(directory.assetByCode.has('XMR')).to.equal(false);
  });

  it('offers a direction only with a fresh rate', () => {
    expect(offeredRate(directory, rates, 'BTC', 'SBERRUB')?.rate).to.equal('7000000');
    expect(offeredRate(directory, rates, 'ETH', 'SBERRUB'), 'stale').to.equal(undefined);
    expect(offeredRate(directory, new Map(), 'BTC', 'SBERRUB'), 'no rate').to.equal(undefined);
  });

  it('lists what can be sent and, for an asset, what it can be exchanged into', () => {
    expect(codes(sendOptions(directory, rates))).to.deep.equal(['BTC', 'USDTTRC20', 'SBERRUB']);
    expect(codes(receiveOptions(directory, rates, 'BTC'))).to.deep.equal(['USDTTRC20', 'SBERRUB', 'CARDKGS', 'CASHRUBMSK']);
    expect(codes(receiveOptions(directory, rates, 'ETH')), 'only a stale direction').to.deep.equal([]);
  });

  it('keeps an asked pair the catalogue knows, even while its rate is stale', () => {
    expect(resolvePair(directory, { from: 'ETH', to: 'SBERRUB' })).to.deep.equal({ from: 'ETH', to: 'SBERRUB' });
  });

  it('completes a pair asked for by one side', () => {
    expect(resolvePair(directory, { from: 'USDTTRC20' })).to.deep.equal({ from: 'USDTTRC20', to: 'SBERRUB' });
    expect(resolvePair(directory, { to: 'CARDKGS' })).to.deep.equal({ from: 'BTC', to: 'CARDKGS' });
    expect(resolvePair(directory, { from: 'SBERRUB', to: 'CASHRUBMSK' })).to.deep.equal({ from: 'SBERRUB', to: 'BTC' });
  });

  it('falls back to the default pair for unknown codes or none', () => {
    expect(resolvePair(directory, {})).to.deep.equal({ from: 'BTC', to: 'SBERRUB' });
    expect(resolvePair(directory, { from: 'NOPE', to: 'XMR' })).to.deep.equal({ from: 'BTC', to: 'SBERRUB' });
  });

  it('prefers a pair that is offered when it has to choose', () => {
    const offered = (pair: Pair) => offeredRate(directory, rates, pair.from, pair.to) !== undefined;
    const withoutDefault = new Map(rates);
    withoutDefault.delete('BTC>SBERRUB');
    const offeredNow = (pair: Pair) => offeredRate(directory, withoutDefault, pair.from, pair.to) !== undefined;
    expect(resolvePair(directory, { from: 'BTC' }, offered)).to.deep.equal({ from: 'BTC', to: 'SBERRUB' });
    expect(resolvePair(directory, { from: 'BTC' }, offeredNow)).to.deep.equal({ from: 'BTC', to: 'USDTTRC20' });
  });

  it('answers null when the catalogue has no direction', () => {
    expect(resolvePair(buildDirectory({ assets: CATALOGUE.assets, directions: [] }), {})).to.equal(null);
  });
});
