import { expect } from 'chai';
import type { DirectionRateDto } from '../../../common/catalogue';
import { computeQuote, type QuoteInput } from './quote';
import { ASSETS, DIRECTIONS, RATES } from './testing/fixtures';

function input(from: string, to: string, typed: string, side: QuoteInput['side'], rate?: Partial<DirectionRateDto>): QuoteInput {
  const base = RATES.find((item) => item.from === from && item.to === to)!;
  return {
    typed,
    side,
    from: ASSETS.find((item) => item.code === from)!,
    to: ASSETS.find((item) => item.code === to)!,
    direction: DIRECTIONS.find((item) => item.from === from && item.to === to)!,
    rate: { ...base, ...rate },
    reserve: rate?.reserve ?? base.reserve,
  };
}

describe('exchange quote', () => {
  it('computes what is received for an amount sent', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '0.05', 'send'))).to.deep.equal({
      send: '0.05',
      receive: '350000',
      problem: null,
    });
  });

  it('rounds the amount received down to the precision of what is received', () => {
    // 0.00123457 × 7 000 000 = 8641.99 exactly; at 0.001234567… the kopecks are cut, never rounded up.
    expect(computeQuote(input('BTC', 'SBERRUB', '0.00123457', 'send')).receive).to.equal('8641.99');
    expect(computeQuote(input('SBERRUB', 'BTC', '10000.99', 'send')).receive).to.equal('0.00140463');
  });

  it('computes what must be sent for an amount to receive, rounded up to the precision sent', () => {
    // 10 000 / 7 000 000 = 0.001428571428… → 0.00142858 BTC, so 10 000 RUB is really covered.
    expect(computeQuote(input('BTC', 'SBERRUB', '10000', 'receive'))).to.deep.equal({
      send: '0.00142858',
      receive: '10000',
      problem: null,
    });
  });

  it('reads a comma and a trailing point as typed', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '0,1', 'send')).receive).to.equal('700000');
    expect(computeQuote(input('USDTTRC20', 'SBERRUB', '100.', 'send')).receive).to.equal('9000');
  });

  it('leaves both sides empty and says nothing for an empty amount', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '', 'send'))).to.deep.equal({ send: '', receive: '', problem: null });
  });

  it('calls zero, a lone point and more decimals than the asset keeps an invalid amount', () => {
    for (const typed of ['0', '0.000', '1.2.3', '0.123456789']) {
      expect(computeQuote(input('BTC', 'SBERRUB', typed, 'send')).problem, typed).to.deep.equal({
        side: 'send',
        key: 'validation.invalid_amount',
      });
    }
    expect(computeQuote(input('BTC', 'SBERRUB', '100.001', 'receive')).problem).to.deep.equal({
      side: 'receive',
      key: 'validation.invalid_amount',
    });
  });

  it('asks for more than the minimum, with the minimum and its currency', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '0.0009', 'send')).problem).to.deep.equal({
      side: 'send',
      key: 'validation.amount_min',
      values: { min: '0.001\u00a0BTC' },
    });
  });

  it('checks the minimum on what is sent when the amount to receive was typed', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '5000', 'receive')).problem).to.deep.include({
      side: 'send',
      key: 'validation.amount_min',
    });
  });

  it('treats an amount too small to pay out anything as below the minimum', () => {
    expect(computeQuote(input('SBERRUB', 'BTC', '0.01', 'send'))).to.deep.include({
      receive: '0',
      problem: { side: 'send', key: 'validation.amount_min', values: { min: '5\u00a0000\u00a0RUB' } },
    });
  });

  it('accepts the minimum and the maximum themselves', () => {
    expect(computeQuote(input('USDTTRC20', 'SBERRUB', '20', 'send')).problem).to.equal(null);
    expect(computeQuote(input('USDTTRC20', 'SBERRUB', '15000', 'send')).problem).to.equal(null);
  });

  it('says the maximum is exceeded when the direction limits it', () => {
    expect(computeQuote(input('USDTTRC20', 'SBERRUB', '15000.000001', 'send')).problem).to.deep.equal({
      side: 'send',
      key: 'validation.amount_max',
      values: { max: '15\u00a0000\u00a0USDT' },
    });
  });

  it('says the reserve is insufficient when the reserve limits the maximum', () => {
    // 950 000 KGS pay out at most 0.11585365 BTC at 8 200 000, below the direction's 0.5.
    expect(RATES.find((rate) => rate.to === 'CARDKGS')?.max).to.equal('0.11585365');
    expect(computeQuote(input('BTC', 'CARDKGS', '0.11585365', 'send')).problem).to.equal(null);
    expect(computeQuote(input('BTC', 'CARDKGS', '0.11585366', 'send')).problem).to.deep.equal({
      side: 'receive',
      key: 'exchange.errors.insufficientReserve',
      values: { reserve: '950\u00a0000\u00a0KGS' },
    });
  });

  it('says the reserve is insufficient when the amount to receive is above it', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '1500000.01', 'receive')).problem).to.deep.equal({
      side: 'receive',
      key: 'exchange.errors.insufficientReserve',
      values: { reserve: '1\u00a0500\u00a0000\u00a0RUB' },
    });
  });

  it('says the reserve is insufficient when it cannot cover even the minimum', () => {
    const problem = computeQuote(input('BTC', 'SBERRUB', '0.0005', 'send', { max: '0.0004', reserve: '2800' })).problem;
    expect(problem).to.deep.include({ side: 'receive', key: 'exchange.errors.insufficientReserve' });
  });

  it('follows a new rate: the typed side stays, the other is recomputed', () => {
    expect(computeQuote(input('BTC', 'SBERRUB', '0.05', 'send', { rate: '7100000.5' })).receive).to.equal('355000.02');
    expect(computeQuote(input('BTC', 'SBERRUB', '10000', 'receive', { rate: '7100000.5' })).send).to.equal('0.00140846');
  });
});
