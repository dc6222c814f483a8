import type { RateProvider } from '../providers/types';

/** A market standing still with 1 BTC at `bid`/`ask` USDT and a rouble at 0.0124/0.0125 USDT. */
export function fixedMarketAt(bid: string, ask: string): RateProvider {
  return {
    name: 'fixed',
    async fetchQuotes() {
      const at = new Date().toISOString();
      return [
        { source: 'fixed', base: 'BTC', quote: 'USDT', bid, ask, at },
        { source: 'fixed', base: 'RUB', quote: 'USDT', bid: '0.0124', ask: '0.0125', at },
      ];
    },
  };
}

/** A market standing still: 1 BTC sells for 123.45 USDT (asks 124), a rouble costs 0.0124/0.0125 USDT. */
export const fixedMarket: RateProvider = fixedMarketAt('123.45', '124');
