import { expect } from 'chai';
import { buildPriceTable } from './prices';
import type { Quote } from './providers/types';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const FRESH = '2025-06-01T11:59:30.000Z';
const OLD = '2025-06-01T11:50:00.000Z';
const OPTIONS = { now: NOW, maxAgeMs: 60_000 };

function quote(base: string, quoteCode: string, bid: string, ask: string, extra: Partial<Quote> = {}): Quote {
  return { source: 'test', base, quote: quoteCode, bid, ask, at: FRESH, ...extra };
}

describe('buildPriceTable', () => {
  it('prices USDT itself at 1 on both sides even without quotes', () => {
    const usdt = buildPriceTable([], OPTIONS).get('USDT');
    expect(usdt).to.include({ bid: '1', ask: '1', stale: false });
  });

  it('takes a direct quote against USDT side for side', () => {
    const btc = buildPriceTable([quote('BTC', 'USDT', '64990.5', '65010.25')], OPTIONS).get('BTC');
    expect(btc).to.include({ bid: '64990.5', ask: '65010.25' });
    expect(btc?.path).to.deep.equal(['BTC', 'USDT']);
  });

  it('inverts a USDT-based quote, selling at the inverse of the ask and buying at the inverse of the bid', () => {
    const rub = buildPriceTable([quote('USDT', 'RUB', '80', '100')], OPTIONS).get('RUB');
    expect(rub).to.include({ bid: '0.01', ask: '0.0125' });
  });

  it('crosses a central-bank KGS/RUB rate through the RUB price', () => {
    const table = buildPriceTable(
      [quote('KGS', 'RUB', '2', '2', { source: 'cbr' }), quote('USDT', 'RUB', '80', '100', { source: 'rapira' })],
      OPTIONS,
    );
    expect(table.get('KGS')).to.deep.include({
      bid: '0.02',
      ask: '0.025',
      path: ['KGS', 'RUB', 'USDT'],
      sources: ['cbr', 'rapira'],
    });
  });

  it('crosses an inverse quote through a pivot other than USDT', () => {
    const table = buildPriceTable([quote('USD', 'USDT', '0.998', '1.002'), quote('USD', 'EUR', '0.5', '0.8')], OPTIONS);
    // 1 EUR sells for USD at 1/0.8, then for USDT at 0.998; buying 1 EUR costs 1/0.5 USD at 1.002.
    expect(table.get('EUR')).to.include({ bid: '1.2475', ask: '2.004' });
  });

  it('keeps 40 decimal places where an inverse does not terminate', () => {
    const rub = buildPriceTable([quote('USDT', 'RUB', '92', '93')], OPTIONS).get('RUB');
    expect(rub?.bid).to.equal('0.0107526881720430107526881720430107526882');
  });

  it('prefers a direct quote to a cross rate', () => {
    const table = buildPriceTable(
      [quote('KGS', 'RUB', '2', '2'), quote('USDT', 'RUB', '80', '100'), quote('KGS', 'USDT', '0.011', '0.012')],
      OPTIONS,
    );
    expect(table.get('KGS')).to.include({ bid: '0.011', ask: '0.012' });
  });

  it('takes the earlier of two quotes for the same pair', () => {
    const table = buildPriceTable(
      [quote('BTC', 'USDT', '65000', '65001', { source: 'binance' }), quote('BTC', 'USDT', '64000', '64001', { source: 'bybit' })],
      OPTIONS,
    );
    expect(table.get('BTC')?.sources).to.deep.equal(['binance']);
  });

  it('prefers a fresh quote to a stale one listed before it', () => {
    const table = buildPriceTable(
      [quote('BTC', 'USDT', '60000', '60001', { at: OLD }), quote('BTC', 'USDT', '65000', '65001')],
      OPTIONS,
    );
    expect(table.get('BTC')).to.include({ bid: '65000', stale: false });
  });

  it('marks a price stale when its quote is older than the allowed age', () => {
    const btc = buildPriceTable([quote('BTC', 'USDT', '65000', '65001', { at: OLD })], OPTIONS).get('BTC');
    expect(btc).to.include({ stale: true, at: OLD });
  });

  it('dates a cross price by its oldest quote and makes it stale through a stale pivot', () => {
    const table = buildPriceTable(
      [quote('KGS', 'RUB', '2', '2'), quote('USDT', 'RUB', '80', '100', { at: OLD })],
      OPTIONS,
    );
    expect(table.get('KGS')).to.include({ at: OLD, stale: true });
  });

  it('skips quotes with a bid above the ask, a zero price or a malformed number', () => {
    const table = buildPriceTable(
      [
        quote('BTC', 'USDT', '65002', '65001'),
        quote('ETH', 'USDT', '0', '3000'),
        quote('LTC', 'USDT', '80,5', '81'),
        quote('TRX', 'USDT', '0.12', '0.13', { at: 'yesterday' }),
      ],
      OPTIONS,
    );
    expect([...table.keys()]).to.deep.equal(['USDT']);
  });

  it('leaves out a currency no quote connects to USDT', () => {
    const table = buildPriceTable([quote('KGS', 'RUB', '2', '2')], OPTIONS);
    expect(table.has('KGS')).to.equal(false);
  });
});
