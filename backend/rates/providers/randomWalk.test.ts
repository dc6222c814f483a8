import { expect } from 'chai';
import { Big } from '../../../common/money';
import { createRandomWalk, walkBand } from './randomWalk';
import { SIMULATED_MARKETS } from './simulatedMarket';

const TICKS = 10_000;

function midsOf(seed: number, ticks: number): string[][] {
  const walk = createRandomWalk(seed, SIMULATED_MARKETS);
  return Array.from({ length: ticks }, () => walk.tick().map((point) => point.mid.toFixed()));
}

describe('random walk', () => {
  it('repeats the same prices for the same seed', () => {
    expect(midsOf(42, 50)).to.deep.equal(midsOf(42, 50));
  });

  it('takes other prices with another seed', () => {
    expect(midsOf(42, 50)).to.not.deep.equal(midsOf(43, 50));
  });

  it('moves a price by at most twice its step per tick', () => {
    const walk = createRandomWalk(7, SIMULATED_MARKETS);
    const largestMoves = SIMULATED_MARKETS.map((market) =>
      new Big(market.stepMicros).times(2).times(market.reference).div(1_000_000),
    );
    let previous = walk.tick();
    for (let tick = 0; tick < 1000; tick += 1) {
      const current = walk.tick();
      current.forEach(({ market, mid }, index) => {
        const move = mid.minus(previous[index].mid).abs();
        expect(move.lte(largestMoves[index]), `${market.base}/${market.quote}`).to.equal(true);
      });
      previous = current;
    }
  });

  it(`stays within its band around the reference price over ${TICKS} ticks`, () => {
    const walk = createRandomWalk(2026, SIMULATED_MARKETS);
    const widest = SIMULATED_MARKETS.map(() => new Big(0));
    for (let tick = 0; tick < TICKS; tick += 1) {
      walk.tick().forEach(({ market, mid }, index) => {
        const distance = mid.minus(market.reference).abs();
        if (distance.gt(widest[index])) widest[index] = distance;
      });
    }
    SIMULATED_MARKETS.forEach((market, index) => {
      const reach = walkBand(market).times(market.reference);
      const name = `${market.base}/${market.quote}`;
      expect(widest[index].lte(reach), `${name} left its band`).to.equal(true);
      expect(widest[index].gt(reach.div(20)), `${name} hardly moved`).to.equal(true);
    });
  });

  it('keeps every band narrow: at most 5 % for coins and 1 % for stablecoins and fiat', () => {
    for (const market of SIMULATED_MARKETS) {
      const limit = market.quote === 'USDT' && market.base !== 'USDC' ? '0.05' : '0.01';
      expect(walkBand(market).lte(limit), `${market.base}/${market.quote}`).to.equal(true);
    }
  });
});
