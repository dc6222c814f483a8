import { expect } from 'chai';
import { distribution, percentile, table } from './stats';

describe('bench statistics', () => {
  it('takes the nearest-rank percentile of an ascending list', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).to.equal(50);
    expect(percentile(hundred, 99)).to.equal(99);
    expect(percentile(hundred, 100)).to.equal(100);
    expect(percentile([5], 99)).to.equal(5);
    expect(percentile([], 50)).to.be.NaN;
  });

  it('sorts the samples numerically before reading percentiles', () => {
    const figures = distribution([10, 9, 100, 2, 1000, 3]);
    expect(figures).to.deep.equal({ count: 6, p50: 9, p95: 1000, p99: 1000, max: 1000 });
  });

  it('pads every column to its widest cell', () => {
    expect(table([['a', 'bb'], ['ccc', 'd']])).to.equal('a    bb\nccc  d');
  });
});
