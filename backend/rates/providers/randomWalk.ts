/**
 * A mean-reverting random walk of mid prices. Each market keeps its relative deviation `d`
 * from the reference price; one tick sets `d ← d·(1 − r) + ε` with `ε` drawn uniformly from
 * `[−step, step]`, and the mid is `reference · (1 + d)`. Since `d` starts at 0 and is rounded
 * toward zero, `|d|` never exceeds `step / r`: the walk stays in that band forever.
 */
import { Big } from '../../../common/money';
import { createSeededRandom } from './seededRandom';
import type { SimulatedMarket } from './simulatedMarket';

/** Share of the deviation taken back on every tick. */
export const REVERSION = '0.02';
const MICRO = '0.000001';
const DEVIATION_DECIMALS = 12;

export interface WalkPoint {
  market: SimulatedMarket;
  mid: Big;
}

export interface RandomWalk {
  tick(): WalkPoint[];
}

/** The widest relative deviation from the reference the walk can reach: `step / r`. */
export function walkBand(market: SimulatedMarket): Big {
  return new Big(market.stepMicros).times(MICRO).div(REVERSION);
}

export function createRandomWalk(seed: number, markets: readonly SimulatedMarket[]): RandomWalk {
  const random = createSeededRandom(seed);
  const keep = new Big(1).minus(REVERSION);
  const deviations = markets.map(() => new Big(0));

  return {
    tick() {
      return markets.map((market, index) => {
        const step = new Big(random.integer(-market.stepMicros, market.stepMicros)).times(MICRO);
        const deviation = deviations[index].times(keep).plus(step).round(DEVIATION_DECIMALS, Big.roundDown);
        deviations[index] = deviation;
        return { market, mid: new Big(market.reference).times(deviation.plus(1)) };
      });
    },
  };
}
