import { expect } from 'chai';
import { amountFromSearch, presetFromSearch, searchWithPair } from './useQueryPreset';

describe('exchange query presets', () => {
  it('reads from and to, upper-cased', () => {
    expect(presetFromSearch('?from=btc&to=sberrub')).to.deep.equal({ from: 'BTC', to: 'SBERRUB' });
  });

  it('reads the cur_from and cur_to aliases', () => {
    expect(presetFromSearch('?cur_from=ETH&cur_to=TCSBRUB')).to.deep.equal({ from: 'ETH', to: 'TCSBRUB' });
  });

  it('prefers from and to over their aliases', () => {
    expect(presetFromSearch('?cur_from=ETH&from=BTC')).to.deep.equal({ from: 'BTC', to: undefined });
  });

  it('asks for nothing without them', () => {
    expect(presetFromSearch('')).to.equal(null);
    expect(presetFromSearch('?r=ref123&from=')).to.equal(null);
  });

  it('writes the pair as from and to, keeping other parameters', () => {
    expect(searchWithPair('?r=ref123&cur_from=ETH', { from: 'BTC', to: 'SBERRUB' })).to.equal('?r=ref123&from=BTC&to=SBERRUB');
  });

  it('leaves an address that already shows the pair alone', () => {
    expect(searchWithPair('?from=BTC&to=SBERRUB', { from: 'BTC', to: 'SBERRUB' })).to.equal(null);
  });

  it('reads a positive decimal amount and nothing else', () => {
    expect(amountFromSearch('?from=BTC&amount=0.015')).to.equal('0.015');
    for (const bad of ['', '?amount=', '?amount=0', '?amount=-1', '?amount=1e3', '?amount=abc', '?amount=1,5']) expect(amountFromSearch(bad), bad).to.equal(null);
  });
});
