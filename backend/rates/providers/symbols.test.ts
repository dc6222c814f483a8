import { expect } from 'chai';
import { resolveExchangeSymbols, splitExchangeSymbol } from './symbols';

describe('exchange symbols', () => {
  it('splits a coin against USDT', () => {
    expect(splitExchangeSymbol('TONUSDT')).to.deep.equal({ base: 'TON', quote: 'USDT' });
  });

  it('splits a stablecoin against another stablecoin by the suffix', () => {
    expect(splitExchangeSymbol('USDCUSDT')).to.deep.equal({ base: 'USDC', quote: 'USDT' });
  });

  it('prefers the longest known quote asset', () => {
    expect(splitExchangeSymbol('BTCFDUSD')).to.deep.equal({ base: 'BTC', quote: 'FDUSD' });
  });

  it('splits a cross pair against a coin', () => {
    expect(splitExchangeSymbol('ETHBTC')).to.deep.equal({ base: 'ETH', quote: 'BTC' });
  });

  it('finds no pair in a symbol that is only a quote asset', () => {
    expect(splitExchangeSymbol('USDT')).to.equal(undefined);
  });

  it('finds no pair when no known quote asset ends the symbol', () => {
    expect(splitExchangeSymbol('BTCXYZ')).to.equal(undefined);
  });

  it('refuses a symbol in lower case', () => {
    expect(() => resolveExchangeSymbols('test', ['btcusdt'])).to.throw('btcusdt');
  });

  it('refuses an empty symbol list', () => {
    expect(() => resolveExchangeSymbols('test', [])).to.throw('empty');
  });
});
