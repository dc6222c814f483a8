import { expect } from 'chai';
import { normalizeTypedAmount, sanitizeAmountInput } from './format';

describe('typed amounts', () => {
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

  it('reads thousands separators, pasted or typed, as groups and the last separator as the point', () => {
    expect(normalizeTypedAmount('2,500.75')).to.equal('2500.75');
    expect(normalizeTypedAmount('2.500,75')).to.equal('2500.75');
    expect(normalizeTypedAmount('1 234 567,80')).to.equal('1234567.8');
    expect(normalizeTypedAmount('1\u00a0234,5')).to.equal('1234.5');
    expect(normalizeTypedAmount('1,234,567')).to.equal('1234567');
    expect(normalizeTypedAmount('1,5')).to.equal('1.5');
    // Unreadable separators stay as typed: the amount check refuses them.
    expect(normalizeTypedAmount('1.2.3')).to.equal('1.2.3');
    expect(normalizeTypedAmount('12,34.5')).to.equal('12,34.5');
    expect(normalizeTypedAmount('1e-2')).to.equal('1e-2');
  });

  it('reads a lone comma before three digits as thousands in English only ("1,234" is 1234 there, 1.234 in Russian)', () => {
    expect(sanitizeAmountInput('1,234', 'en')).to.equal('1234');
    expect(sanitizeAmountInput('1,234', 'ru')).to.equal('1.234');
    expect(normalizeTypedAmount('12,500', 'en')).to.equal('12500');
    // Decimals stay decimals in English too: not three digits, or a leading zero.
    expect(sanitizeAmountInput('1,5', 'en')).to.equal('1.5');
    expect(sanitizeAmountInput('0,500', 'en')).to.equal('0.500');
    expect(sanitizeAmountInput('1,2345', 'en')).to.equal('1.2345');
  });

  it('turns an edit of the field into digits and one point, or refuses it (null) rather than make another number', () => {
    expect(sanitizeAmountInput('0,5')).to.equal('0.5');
    expect(sanitizeAmountInput('1.')).to.equal('1.');
    expect(sanitizeAmountInput('')).to.equal('');
    expect(sanitizeAmountInput('2,500.75')).to.equal('2500.75');
    expect(sanitizeAmountInput('2 500,75')).to.equal('2500.75');
    expect(sanitizeAmountInput('1,000,000')).to.equal('1000000');
    // A second point typed after a fraction: the field keeps "1.2".
    expect(sanitizeAmountInput('1.2.')).to.equal(null);
    expect(sanitizeAmountInput('1.2.3')).to.equal(null);
    expect(sanitizeAmountInput('1e-2')).to.equal(null);
    expect(sanitizeAmountInput('1e5')).to.equal(null);
    expect(sanitizeAmountInput('-3')).to.equal(null);
    expect(sanitizeAmountInput('12a,5.6')).to.equal(null);
    expect(sanitizeAmountInput('0x10')).to.equal(null);
  });
});
