/**
 * The embedded default source: a seeded random walk around realistic prices, so the site is
 * alive offline. Every poll is one tick; the same seed gives the same prices.
 */
import { Big } from '../../../common/money';
import { createRandomWalk } from './randomWalk';
import { SIMULATED_MARKETS, type SimulatedMarket } from './simulatedMarket';
import type { Quote, RateProvider } from './types';

const NAME = 'simulated';
const MICRO = '0.000001';

export interface SimulatedProviderOptions {
  seed: number;
  markets?: readonly SimulatedMarket[];
  /** Clock for the quotes' `at`; the wall clock unless a test fixes it. */
  now?: () => Date;
}

export function createSimulatedProvider(options: SimulatedProviderOptions): RateProvider {
  const walk = createRandomWalk(options.seed, options.markets ?? SIMULATED_MARKETS);
  const now = options.now ?? (() => new Date());

  return {
    name: NAME,
    async fetchQuotes(signal) {
      signal?.throwIfAborted();
      const at = now().toISOString();
      return walk
        .tick()
        .map(({ market, mid }) => ({
          source: NAME,
          base: market.base,
          quote: market.quote,
          at,
          ...spreadAround(market, mid),
        }));
    },
  };
}

/** Bid and ask half a spread either side of the mid, rounded outwards, at least one step apart. */
function spreadAround(market: SimulatedMarket, mid: Big): Pick<Quote, 'bid' | 'ask'> {
  const half = new Big(market.spreadMicros).times(MICRO).div(2);
  const bid = mid.times(new Big(1).minus(half)).round(market.decimals, Big.roundDown);
  let ask = mid.times(half.plus(1)).round(market.decimals, Big.roundUp);
  if (ask.lte(bid)) ask = bid.plus(new Big(1).div(new Big(10).pow(market.decimals)));
  return { bid: bid.toFixed(market.decimals), ask: ask.toFixed(market.decimals) };
}
