import type { RateProvider } from '../providers/types';

/** A market standing still: 1 BTC sells for 123.45 USDT (asks 124), a rouble costs 0.0124/0.0125 USDT. */
export const fixedMarket: RateProvider = {
  name: 'fixed',
  async fetchQuotes() {
    const at = new Date().toISOString();
    return [
      { source: 'fixed', base: 'BTC', quote: 'USDT', bid: '123.45', ask: '124', at },
      { source: 'fixed', base: 'RUB', quote: 'USDT', bid: '0.0124', ask: '0.0125', at },
    ];
  },
};
