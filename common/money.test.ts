import { expect } from 'chai';
import fc from 'fast-check';
import { Big, cutToPlaces, formatAmount, formatMoney, formatRate, formatRateSide, normalizeMoney, RESERVE_PLACES, reserveAmount } from './money';

/** The canonical form as Big gives it, the definition normalizeMoney's string path must keep. */
function viaBig(value: string): string {
  const s = new Big(value).toFixed();
  const trimmed = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}

describe('normalizeMoney', () => {
  it('trims trailing zeros and the point, and writes minus zero as 0', () => {
    expect(normalizeMoney('1.500000000000000000')).to.equal('1.5');
    expect(normalizeMoney('100')).to.equal('100');
    expect(normalizeMoney('100.000')).to.equal('100');
    expect(normalizeMoney('-0.000000000000000000')).to.equal('0');
    expect(normalizeMoney('-0')).to.equal('0');
    expect(normalizeMoney('-0.05')).to.equal('-0.05');
    expect(normalizeMoney('0.000000000000000001')).to.equal('0.000000000000000001');
    expect(normalizeMoney('123456789012345678.123456789012345678')).to.equal('123456789012345678.123456789012345678');
  });

  it('reads what is not a plain decimal through Big (exponents, leading zeros)', () => {
    expect(normalizeMoney('1e-7')).to.equal('0.0000001');
    expect(normalizeMoney('007.50')).to.equal('7.5');
    expect(normalizeMoney(new Big('3.000'))).to.equal('3');
    expect(() => normalizeMoney('abc')).to.throw();
  });

  it('gives what Big gives for any decimal of DECIMAL(36,18) size, padded or not', () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const decimal = fc
      .tuple(fc.boolean(), digits(1, 18), fc.option(digits(1, 18)), fc.nat({ max: 6 }))
      .map(([negative, int, frac, pad]) => `${negative ? '-' : ''}${int.replace(/^0+(?=\d)/, '')}${frac === null ? '' : `.${frac}${'0'.repeat(pad)}`}`);
    fc.assert(fc.property(decimal, (value) => normalizeMoney(value) === viaBig(value)), { numRuns: 2000 });
  });
});

describe('formatAmount / formatMoney', () => {
  it('groups the integer digits by threes with no-break spaces', () => {
    expect(formatAmount('7053614')).to.equal('7\u00a0053\u00a0614');
    expect(formatAmount('1500000.25')).to.equal('1\u00a0500\u00a0000.25');
    expect(formatAmount('999')).to.equal('999');
  });

  it('keeps every fraction digit of an 18-decimal amount and drops trailing zeros', () => {
    expect(formatAmount('1234.123456789012345678')).to.equal('1\u00a0234.123456789012345678');
    expect(formatAmount('0.50000000')).to.equal('0.5');
  });

  it('writes a rate the way the widget shows it', () => {
    expect(`${formatMoney('1', 'BTC')} = ${formatMoney('7053614', 'RUB')}`).to.equal('1\u00a0BTC = 7\u00a0053\u00a0614\u00a0RUB');
  });
});

describe('cutToPlaces', () => {
  it('cuts toward zero to the asset precision, without trailing zeros', () => {
    expect(cutToPlaces('13410404.6242774566473988', 8)).to.equal('13410404.62427745');
    expect(cutToPlaces('1.50', 1)).to.equal('1.5');
    expect(cutToPlaces('1.999', 0)).to.equal('1');
    expect(cutToPlaces('100', 2)).to.equal('100');
    expect(cutToPlaces('0.0000001', 6)).to.equal('0');
    expect(cutToPlaces('-1.239', 2)).to.equal('-1.23');
    expect(cutToPlaces('-0.5', 0)).to.equal('0');
  });

  it('gives back anything but a plain decimal as it is', () => {
    expect(cutToPlaces('1e5', 2)).to.equal('1e5');
    expect(cutToPlaces('', 2)).to.equal('');
  });

  it('equals Big rounding down at the same places', () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    fc.assert(
      fc.property(fc.boolean(), digits(1, 18), fc.option(digits(1, 18)), fc.nat({ max: 18 }), (negative, integer, fraction, places) => {
        const value = `${negative ? '-' : ''}${integer.replace(/^0+(?=\d)/, '')}${fraction === null ? '' : `.${fraction}`}`;
        expect(cutToPlaces(value, places)).to.equal(viaBig(new Big(value).round(places, Big.roundDown).toFixed()));
      }),
    );
  });
});

describe('reserveAmount', () => {
  it('shows a reserve at the asset precision, RESERVE_PLACES at most', () => {
    expect(RESERVE_PLACES).to.equal(8);
    expect(reserveAmount('2.1234567891234', 18)).to.equal('2.12345678');
    expect(reserveAmount('9.999', 2)).to.equal('9.99');
    expect(reserveAmount('14.25', 8)).to.equal('14.25');
    expect(reserveAmount('1500000', 0)).to.equal('1500000');
  });
});

describe('formatRateSide / formatRate', () => {
  it('keeps "1", and shows any other side at a fixed count of places, cut and padded', () => {
    expect(formatRateSide('1')).to.equal('1');
    expect(formatRateSide('7765341.574')).to.equal('7\u00a0765\u00a0341.57');
    expect(formatRateSide('7759352.02')).to.equal('7\u00a0759\u00a0352.02');
    expect(formatRateSide('7759352.1')).to.equal('7\u00a0759\u00a0352.10');
    expect(formatRateSide('7759352')).to.equal('7\u00a0759\u00a0352');
    expect(formatRateSide('90.000001')).to.equal('90');
    expect(formatRateSide('83.48717955')).to.equal('83.4871');
    expect(formatRateSide('1.020714286')).to.equal('1.02071');
    expect(formatRateSide('0.000012345678')).to.equal('0.00001234');
    expect(formatRateSide('not a number')).to.equal('not a number');
    expect(formatRate({ in: '1', out: '7765341.574' }, 'BTC', 'RUB')).to.equal('1\u00a0BTC = 7\u00a0765\u00a0341.57\u00a0RUB');
  });

  it('gives every value of the same magnitude the same width, and never more than the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 9_999_999 }), fc.integer({ min: 10, max: 999 }), fc.integer({ min: 10, max: 999 }), (whole, a, b) => {
        const first = formatRateSide(`${whole}.${String(a).padStart(3, '0')}`);
        const second = formatRateSide(`${whole}.${String(b).padStart(3, '0')}`);
        expect(first.length).to.equal(second.length);
        expect(new Big(first.replace(/\u00a0/g, '')).lte(`${whole}.${String(a).padStart(3, '0')}`)).to.equal(true);
      }),
    );
  });
});
