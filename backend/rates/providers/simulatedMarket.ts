/**
 * The market the embedded default simulates: every coin of the seeded catalogue against USDT,
 * and USDT against the fiat currencies we pay out (so `USDT/RUB` is roubles for one tether, as
 * P2P desks quote it).
 * Reference prices are rounded levels of early 2026; spreads are those of a liquid exchange
 * book for coins and of an OTC desk for fiat.
 */
export interface SimulatedMarket {
  base: string;
  quote: string;
  /** The price the walk wanders around. */
  reference: string;
  /** Digits after the point of the quoted bid and ask. */
  decimals: number;
  /** Distance between bid and ask, in millionths of the mid price. */
  spreadMicros: number;
  /** Largest move of one tick, in millionths of the reference price. */
  stepMicros: number;
}

export const SIMULATED_MARKETS: readonly SimulatedMarket[] = [
  { base: 'BTC', quote: 'USDT', reference: '97250', decimals: 2, spreadMicros: 200, stepMicros: 400 },
  { base: 'ETH', quote: 'USDT', reference: '3320', decimals: 2, spreadMicros: 300, stepMicros: 500 },
  { base: 'USDC', quote: 'USDT', reference: '1.0001', decimals: 4, spreadMicros: 100, stepMicros: 20 },
  { base: 'TRX', quote: 'USDT', reference: '0.2985', decimals: 5, spreadMicros: 700, stepMicros: 500 },
  { base: 'LTC', quote: 'USDT', reference: '104.5', decimals: 2, spreadMicros: 600, stepMicros: 600 },
  { base: 'TON', quote: 'USDT', reference: '1.72', decimals: 4, spreadMicros: 800, stepMicros: 700 },
  { base: 'SOL', quote: 'USDT', reference: '142.6', decimals: 2, spreadMicros: 400, stepMicros: 600 },
  { base: 'BNB', quote: 'USDT', reference: '905.3', decimals: 2, spreadMicros: 300, stepMicros: 400 },
  { base: 'XRP', quote: 'USDT', reference: '2.18', decimals: 4, spreadMicros: 500, stepMicros: 600 },
  { base: 'DOGE', quote: 'USDT', reference: '0.1641', decimals: 5, spreadMicros: 700, stepMicros: 800 },
  { base: 'DAI', quote: 'USDT', reference: '1.0002', decimals: 4, spreadMicros: 100, stepMicros: 20 },
  { base: 'BCH', quote: 'USDT', reference: '520', decimals: 2, spreadMicros: 500, stepMicros: 600 },
  { base: 'ADA', quote: 'USDT', reference: '0.68', decimals: 4, spreadMicros: 600, stepMicros: 700 },
  { base: 'XMR', quote: 'USDT', reference: '330', decimals: 2, spreadMicros: 1200, stepMicros: 600 },
  { base: 'DASH', quote: 'USDT', reference: '40', decimals: 2, spreadMicros: 1500, stepMicros: 700 },
  { base: 'ETC', quote: 'USDT', reference: '17', decimals: 3, spreadMicros: 800, stepMicros: 700 },
  { base: 'XLM', quote: 'USDT', reference: '0.27', decimals: 5, spreadMicros: 800, stepMicros: 700 },
  { base: 'ATOM', quote: 'USDT', reference: '4.5', decimals: 3, spreadMicros: 800, stepMicros: 700 },
  { base: 'DOT', quote: 'USDT', reference: '3.9', decimals: 3, spreadMicros: 800, stepMicros: 700 },
  { base: 'USDT', quote: 'RUB', reference: '81.25', decimals: 2, spreadMicros: 3000, stepMicros: 100 },
  { base: 'USDT', quote: 'KGS', reference: '87.45', decimals: 2, spreadMicros: 4000, stepMicros: 50 },
  { base: 'USDT', quote: 'USD', reference: '0.9998', decimals: 4, spreadMicros: 1000, stepMicros: 20 },
  { base: 'USDT', quote: 'EUR', reference: '0.8612', decimals: 4, spreadMicros: 1500, stepMicros: 50 },
  { base: 'USDT', quote: 'KZT', reference: '512.4', decimals: 2, spreadMicros: 4000, stepMicros: 100 },
  { base: 'USDT', quote: 'UAH', reference: '41.85', decimals: 2, spreadMicros: 4000, stepMicros: 100 },
];
