import { expect } from 'chai';
import * as reference from '../../common/rateMath';
import { integers as generator } from '../../db/seeders/generate';
import { computeRate, formatScaled, maxSendForReserve, monitoringInOut, parseScaled, productAtMost } from './exact';

/** A positive decimal string of 1–`maxDigits` significant digits at 10^-30 … 10^12, trailing zeros kept. */
function decimal(next: (below: number) => number, maxDigits = 40): string {
  let digits = String(1 + next(9));
  const length = next(maxDigits);
  for (let index = 0; index < length; index += 1) digits += String(next(10));
  const exponent = next(43) - 30;
  return new reference.Dec(`${digits}e${exponent - length}`).toFixed(next(4) === 0 ? next(8) + Math.max(0, length - exponent) : undefined);
}

const CASES = 4000;

describe('exact rate math on BigInts', () => {
  it('parses and writes plain decimals as big.js does', () => {
    expect(parseScaled('0.0350')).to.deep.equal({ units: 350n, scale: 4 });
    expect(parseScaled('1e5')).to.equal(null);
    expect(parseScaled('-1')).to.equal(null);
    expect(parseScaled(5 as unknown as string)).to.equal(null);
    expect(formatScaled(350n, 4)).to.equal('0.035');
    expect(formatScaled(1200n, 2)).to.equal('12');
    expect(formatScaled(0n, 8)).to.equal('0');
  });

  it('gives computeRate the digits of the reference for random prices, markups and precisions', () => {
    const next = generator(1);
    for (let index = 0; index < CASES; index += 1) {
      const input = {
        fromBid: decimal(next),
        toAsk: decimal(next),
        markup: next(20) === 0 ? String(99 + next(3)) : new reference.Dec(`${next(400)}e-${next(3)}`).toFixed(),
        toPrecision: next(19),
      };
      expect(computeRate(input), JSON.stringify(input)).to.equal(reference.computeRate(input));
    }
  });

  it('gives monitoringInOut the digits of the reference on either side of 1', () => {
    const next = generator(2);
    for (let index = 0; index < CASES; index += 1) {
      const rate = decimal(next, 20);
      const precision = next(19);
      expect(monitoringInOut(rate, precision), `${rate} ${precision}`).to.deep.equal(reference.monitoringInOut(rate, precision));
    }
  });

  it('gives maxSendForReserve and the reserve check the answers of the reference', () => {
    const next = generator(3);
    for (let index = 0; index < CASES; index += 1) {
      const [reserve, rate, max] = [decimal(next, 20), decimal(next, 20), decimal(next, 12)];
      const precision = next(19);
      expect(maxSendForReserve(reserve, rate, precision)).to.equal(reference.maxSendForReserve(reserve, rate, precision));
      const covers = new reference.Dec(max).times(new reference.Dec(rate)).lte(new reference.Dec(reserve));
      expect(productAtMost(max, rate, reserve), `${max} × ${rate} ≤ ${reserve}`).to.equal(covers);
    }
  });

  it('answers exactly at the boundaries: equal products, a markup of 100 %, a rate of exactly 1', () => {
    expect(productAtMost('0.5', '4', '2')).to.equal(true);
    expect(productAtMost('0.5', '4.000000001', '2')).to.equal(false);
    expect(computeRate({ fromBid: '5', toAsk: '1', markup: '100', toPrecision: 8 })).to.equal('0');
    expect(monitoringInOut('1.000', 8)).to.deep.equal({ in: '1', out: '1' });
  });

  it('leaves what it does not handle to the reference, errors included', () => {
    expect(computeRate({ fromBid: '2', toAsk: '3', markup: '-1', toPrecision: 4 })).to.equal(
      reference.computeRate({ fromBid: '2', toAsk: '3', markup: '-1', toPrecision: 4 }),
    );
    expect(() => computeRate({ fromBid: '1', toAsk: '0', markup: '0', toPrecision: 2 })).to.throw();
    const fromBid = 65000 as unknown as string;
    expect(() => computeRate({ fromBid, toAsk: '1', markup: '1', toPrecision: 6 })).to.throw(TypeError);
  });
});
