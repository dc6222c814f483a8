import { expect } from 'chai';
import { formatAmount, formatMoney, normalizeTypedAmount, sanitizeAmountInput } from './format';

describe('exchange amount formatting', () => {
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

  it('reads what was typed as a decimal string', () => {
    expect(normalizeTypedAmount('0,5')).to.equal('0.5');
    expect(normalizeTypedAmount('.5')).to.equal('0.5');
    expect(normalizeTypedAmount('1.')).to.equal('1');
    expect(normalizeTypedAmount('1 000')).to.equal('1000');
    expect(normalizeTypedAmount('007')).to.equal('7');
    expect(normalizeTypedAmount('0.100')).to.equal('0.1');
    expect(normalizeTypedAmount('100')).to.equal('100');
    expect(normalizeTypedAmount('')).to.equal('');
  });

  it('keeps only digits and one separator while typing', () => {
    expect(sanitizeAmountInput('12a,5.6')).to.equal('12.56');
    expect(sanitizeAmountInput('1e5')).to.equal('15');
    expect(sanitizeAmountInput('-3')).to.equal('3');
  });
});
