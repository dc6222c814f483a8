import { expect } from 'chai';
import { Big } from '../../../common/money';
import { SEED_ASSETS, SEED_REFERENCE_PRICES } from '../../../db/seeders/catalogue-data';
import { buildPriceTable } from '../prices';
import { walkBand } from './randomWalk';
import { createSimulatedProvider } from './simulated';
import { SIMULATED_MARKETS } from './simulatedMarket';
import type { Quote } from './types';

const fixedClock = () => new Date('2026-01-16T09:00:00.000Z');

async function pollsOf(seed: number, polls: number): Promise<Quote[][]> {
  const provider = createSimulatedProvider({ seed, now: fixedClock });
  const results: Quote[][] = [];
  for (let poll = 0; poll < polls; poll += 1) results.push(await provider.fetchQuotes());
  return results;
}

describe('simulated provider', () => {
  it('quotes every coin against USDT and USDT against every fiat currency', async () => {
    const [quotes] = await pollsOf(1, 1);
    expect(quotes.map((quote) => `${quote.base}/${quote.quote}`)).to.have.members([
      'BTC/USDT',
      'ETH/USDT',
      'USDC/USDT',
      'TRX/USDT',
      'LTC/USDT',
      'TON/USDT',
      'SOL/USDT',
      'BNB/USDT',
      'XRP/USDT',
      'DOGE/USDT',
      'DAI/USDT',
      'BCH/USDT',
      'ADA/USDT',
      'XMR/USDT',
      'DASH/USDT',
      'ETC/USDT',
      'XLM/USDT',
      'ATOM/USDT',
      'DOT/USDT',
      'USDT/RUB',
      'USDT/KGS',
      'USDT/USD',
      'USDT/EUR',
      'USDT/KZT',
      'USDT/UAH',
    ]);
  });

  it('prices every currency of the seeded catalogue, near its seed reference price', async () => {
    const [quotes] = await pollsOf(2, 1);
    const prices = buildPriceTable(quotes, { now: fixedClock(), maxAgeMs: 60_000 });
    for (const currency of new Set(SEED_ASSETS.map((asset) => asset.currency))) {
      const price = prices.get(currency);
      expect(price, currency).to.not.equal(undefined);
      expect(price!.stale, currency).to.equal(false);
      const ratio = new Big(price!.bid).div(SEED_REFERENCE_PRICES[currency]);
      expect(ratio.gt('0.9') && ratio.lt('1.1'), `${currency} bid ${price!.bid}`).to.equal(true);
    }
  });

  it('gives the same quotes for the same seed', async () => {
    expect(await pollsOf(9, 20)).to.deep.equal(await pollsOf(9, 20));
  });

  it('names itself as the source and dates quotes by its clock', async () => {
    const [quotes] = await pollsOf(1, 1);
    expect(quotes[0]).to.include({ source: 'simulated', at: '2026-01-16T09:00:00.000Z' });
  });

  it('writes bid and ask with the fixed decimals of their market', async () => {
    const [quotes] = await pollsOf(3, 1);
    const btc = quotes.find((quote) => quote.base === 'BTC')!;
    const doge = quotes.find((quote) => quote.base === 'DOGE')!;
    expect(btc.bid).to.match(/^\d+\.\d{2}$/);
    expect(doge.ask).to.match(/^0\.\d{5}$/);
  });

  it('keeps the bid below the ask, within the band around the reference, on every poll', async () => {
    const provider = createSimulatedProvider({ seed: 5, now: fixedClock });
    for (let poll = 0; poll < 500; poll += 1) {
      const quotes = await provider.fetchQuotes();
      quotes.forEach((quote, index) => {
        const market = SIMULATED_MARKETS[index];
        const reach = walkBand(market).plus(new Big(market.spreadMicros).div(1_000_000)).plus('0.0001');
        const name = `${quote.base}/${quote.quote}`;
        expect(new Big(quote.bid).lt(quote.ask), `${name} bid ${quote.bid} ask ${quote.ask}`).to.equal(true);
        expect(new Big(quote.bid).div(market.reference).gte(new Big(1).minus(reach)), name).to.equal(true);
        expect(new Big(quote.ask).div(market.reference).lte(new Big(1).plus(reach)), name).to.equal(true);
      });
    }
  });

  it('refuses to poll once the caller has aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    const provider = createSimulatedProvider({ seed: 1 });
    const error = await provider.fetchQuotes(controller.signal).catch((reason: unknown) => reason);
    expect((error as Error).message).to.equal('stopping');
  });
});
