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

  it('keeps only digits and one separator while typing', () => {
    expect(sanitizeAmountInput('12a,5.6')).to.equal('12.56');
    expect(sanitizeAmountInput('1e5')).to.equal('15');
    expect(sanitizeAmountInput('-3')).to.equal('3');
  });
});
