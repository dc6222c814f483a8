import { expect } from 'chai';
import { rules } from './rules';

const EMPTY_VALUES = ['', undefined, null];

describe('field validation rules', () => {
  it('let an empty value pass, leaving it to required', () => {
    const checks = [rules.strong_password, rules.phone, rules.otp_code, rules.account, rules.amount];
    for (const check of checks) {
      for (const value of EMPTY_VALUES) expect(check(value), check.name).to.equal(true);
    }
  });

  describe('strong_password', () => {
    it('passes 8 characters with an upper case letter, a digit and a symbol', () => {
      expect(rules.strong_password('Abcdef1!')).to.equal(true);
    });

    it('fails 7 such characters with the minimum in the message', () => {
      expect(rules.strong_password('Abcde1!')).to.deep.equal({ key: 'validation.weak_password', values: { min: 8 } });
    });

    it('fails a password missing an upper case letter, a digit or a symbol', () => {
      for (const value of ['abcdefg1!', 'Abcdefgh!', 'Abcdefgh1']) {
        expect(rules.strong_password(value), value).to.deep.equal({ key: 'validation.weak_password', values: { min: 8 } });
      }
    });

    it('does not count a space as a symbol', () => {
      expect(rules.strong_password('Abcdefg1 ')).to.deep.equal({ key: 'validation.weak_password', values: { min: 8 } });
    });
  });

  describe('phone', () => {
    it('passes international and grouped numbers', () => {
      for (const value of ['+79991234567', '+7 (999) 123-45-67', '89991234567', '+996 555 123 456', '1234567']) {
        expect(rules.phone(value), value).to.equal(true);
      }
    });

    it('fails too few or too many digits, letters and a misplaced plus', () => {
      for (const value of ['123456', '+1234567890123456', '+7 999 CALL-ME', '7+9991234567', '+7.999.123.45.67']) {
        expect(rules.phone(value), value).to.deep.equal({ key: 'validation.phone' });
      }
    });
  });

  describe('otp_code', () => {
    it('passes six digits', () => {
      expect(rules.otp_code('012345')).to.equal(true);
    });

    it('fails five or seven digits, letters and spaces', () => {
      for (const value of ['01234', '0123456', '01234a', '012 345']) {
        expect(rules.otp_code(value), value).to.deep.equal({ key: 'validation.otp_code' });
      }
    });
  });

  describe('account', () => {
    it('passes wallet addresses, card numbers, IBANs and e-mail accounts', () => {
      const values = [
        'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        '0x52908400098527886E0F7030069857D2E4169EE7',
        '4111 1111 1111 1111',
        'DE89 3704 0044 0532 0130 00',
        'P1000000',
        'user@example.com',
      ];
      for (const value of values) expect(rules.account(value), value).to.equal(true);
    });

    it('fails too short or long details, doubled spaces and foreign characters', () => {
      for (const value of ['abc', 'a'.repeat(129), '4111  1111', ' 4111', 'кошелёк123', 'addr;drop']) {
        expect(rules.account(value), value).to.deep.equal({ key: 'validation.account' });
      }
    });

    it('uses the direction pattern instead of the general shape when given one', () => {
      const card = /^\d{16}$/;
      expect(rules.account('4111111111111111', card)).to.equal(true);
      expect(rules.account('4111 1111 1111 1111', card)).to.deep.equal({ key: 'validation.account' });
    });
  });

  describe('amount', () => {
    it('passes a positive decimal string within the limits', () => {
      expect(rules.amount('50.5', { min: '10', max: '100', balance: '60' })).to.equal(true);
    });

    it('passes amounts equal to the minimum, the maximum and the balance', () => {
      expect(rules.amount('10', { min: '10' })).to.equal(true);
      expect(rules.amount('100', { max: '100' })).to.equal(true);
      expect(rules.amount('60.000', { balance: '60' })).to.equal(true);
    });

    it('fails zero, negatives, numbers, exponents and commas as invalid amounts', () => {
      for (const value of ['0', '0.000', '-1', '1e3', '1,5', 'abc', 5]) {
        expect(rules.amount(value), String(value)).to.deep.equal({ key: 'validation.invalid_amount' });
      }
    });

    it('fails more fraction digits than the scale as an invalid amount', () => {
      expect(rules.amount('1.123', { scale: 2 })).to.deep.equal({ key: 'validation.invalid_amount' });
    });

    it('ignores trailing zeros beyond the scale', () => {
      expect(rules.amount('1.1200', { scale: 2 })).to.equal(true);
    });

    it('accepts 18 fraction digits by default and refuses 19', () => {
      expect(rules.amount('0.000000000000000001')).to.equal(true);
      expect(rules.amount('0.0000000000000000001')).to.deep.equal({ key: 'validation.invalid_amount' });
    });

    it('refuses more integer digits than the storage column holds', () => {
      expect(rules.amount('999999999999999999')).to.equal(true);
      expect(rules.amount('1000000000000000000')).to.deep.equal({ key: 'validation.invalid_amount' });
    });

    it('fails an amount below the minimum', () => {
      expect(rules.amount('9.999999999999999999', { min: '10' })).to.deep.equal({
        key: 'validation.amount_min',
        values: { min: '10' },
      });
    });

    it('fails an amount above the maximum', () => {
      expect(rules.amount('100.000000000000000001', { max: '100' })).to.deep.equal({
        key: 'validation.amount_max',
        values: { max: '100' },
      });
    });

    it('fails an amount above the balance as a number higher than the balance', () => {
      expect(rules.amount('60.000000000000000001', { balance: '60' })).to.deep.equal({
        key: 'validation.amount_above_balance',
        values: { balance: '60' },
      });
    });

    it('fails any amount as insufficient balance when the balance is zero', () => {
      expect(rules.amount('1', { balance: '0' })).to.deep.equal({ key: 'validation.insufficient_balance' });
    });

    it('fails any amount as insufficient balance when the balance is below the minimum', () => {
      expect(rules.amount('5', { min: '10', balance: '5' })).to.deep.equal({ key: 'validation.insufficient_balance' });
    });

    it('writes the limits in messages without exponents or trailing zeros', () => {
      expect(rules.amount('0.00000001', { min: '0.00000010' })).to.deep.equal({
        key: 'validation.amount_min',
        values: { min: '0.0000001' },
      });
    });
  });
});
