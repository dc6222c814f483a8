import { expect } from 'chai';
import { rules } from './rules';

const EMPTY_VALUES = ['', undefined, null, []];

describe('standard validation rules', () => {
  describe('required', () => {
    it('passes a non-empty string, zero and true', () => {
      for (const value of ['a', 0, true]) expect(rules.required(value)).to.equal(true);
    });

    it('fails absent, empty and whitespace-only values and an unticked box', () => {
      for (const value of [...EMPTY_VALUES, '   ', '\t\n', false]) {
        expect(rules.required(value)).to.deep.equal({ key: 'validation.required' });
      }
    });
  });

  it('lets every rule but required, confirmed and is pass an empty value', () => {
    const checks = [
      rules.numeric,
      rules.email,
      rules.url,
      (value: unknown) => rules.min(value, 3),
      (value: unknown) => rules.max(value, 3),
      (value: unknown) => rules.min_value(value, '3'),
      (value: unknown) => rules.max_value(value, '3'),
      (value: unknown) => rules.regex(value, /^x$/),
      (value: unknown) => rules.length(value, 3),
      rules.alpha_spaces,
    ];
    for (const check of checks) {
      for (const value of EMPTY_VALUES) expect(check(value), String(check)).to.equal(true);
    }
  });

  describe('numeric', () => {
    it('passes digits only', () => {
      expect(rules.numeric('0123456789')).to.equal(true);
      expect(rules.numeric(42)).to.equal(true);
    });

    it('fails signs, points, spaces and letters', () => {
      for (const value of ['-1', '+1', '1.5', '1 000', '12a', 1.5]) {
        expect(rules.numeric(value)).to.deep.equal({ key: 'validation.numeric' });
      }
    });
  });

  describe('email', () => {
    it('passes ordinary addresses', () => {
      for (const value of ['user@example.com', 'first.last+tag@mail.example.co.uk', 'a@b.io', 'x@xn--e1afmkfd.xn--p1ai']) {
        expect(rules.email(value), value).to.equal(true);
      }
    });

    it('fails addresses without a domain, a top-level domain or an at sign', () => {
      for (const value of ['user', 'user@', '@example.com', 'user@localhost', 'user@example.', 'a b@example.com', 'user@-example.com']) {
        expect(rules.email(value), value).to.deep.equal({ key: 'validation.email' });
      }
    });

    it('fails an address longer than 254 characters', () => {
      const value = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`;
      expect(value.length).to.be.greaterThan(254);
      expect(rules.email(value)).to.deep.equal({ key: 'validation.email' });
    });
  });

  describe('confirmed', () => {
    it('passes a value equal to the other one', () => {
      expect(rules.confirmed('Secret1!', 'Secret1!')).to.equal(true);
    });

    it('fails a different value, even an empty one', () => {
      expect(rules.confirmed('Secret1', 'Secret1!')).to.deep.equal({ key: 'validation.confirmed' });
      expect(rules.confirmed('', 'Secret1!')).to.deep.equal({ key: 'validation.confirmed' });
    });
  });

  describe('url', () => {
    it('passes absolute http and https addresses with a domain', () => {
      for (const value of ['https://example.com', 'http://sub.example.org:8080/path?q=1#top', 'https://192.168.0.1/']) {
        expect(rules.url(value), value).to.equal(true);
      }
    });

    it('fails other schemes, bare hosts, relative paths and spaces', () => {
      for (const value of ['ftp://example.com', 'javascript:alert(1)', 'https://localhost', 'example.com', '/path', 'https://exa mple.com', 'https://']) {
        expect(rules.url(value), value).to.deep.equal({ key: 'validation.url' });
      }
    });
  });

  describe('min and max', () => {
    it('count characters as a person does, an emoji being one', () => {
      expect(rules.min('😀😀😀', 3)).to.equal(true);
      expect(rules.max('😀😀😀', 3)).to.equal(true);
    });

    it('fail one character beyond the limit with the limit in the message', () => {
      expect(rules.min('abcde', 6)).to.deep.equal({ key: 'validation.min', values: { min: 6 } });
      expect(rules.max('abcdefg', 6)).to.deep.equal({ key: 'validation.max', values: { max: 6 } });
    });

    it('pass a value exactly at the limit', () => {
      expect(rules.min('abcdef', 6)).to.equal(true);
      expect(rules.max('abcdef', 6)).to.equal(true);
    });
  });

  describe('min_value and max_value', () => {
    it('pass values at the bounds', () => {
      expect(rules.min_value('10', '10.0')).to.equal(true);
      expect(rules.max_value('10.000', 10)).to.equal(true);
    });

    it('compare 18-decimal values exactly', () => {
      expect(rules.min_value('0.999999999999999999', '1')).to.deep.equal({
        key: 'validation.min_value',
        values: { min: '1' },
      });
      expect(rules.max_value('1.000000000000000001', '1')).to.deep.equal({
        key: 'validation.max_value',
        values: { max: '1' },
      });
    });

    it('fail values that are not numbers', () => {
      expect(rules.min_value('abc', '1')).to.deep.equal({ key: 'validation.min_value', values: { min: '1' } });
      expect(rules.max_value('1e3', '1')).to.deep.equal({ key: 'validation.max_value', values: { max: '1' } });
    });
  });

  describe('regex', () => {
    it('passes a value the pattern matches', () => {
      expect(rules.regex('AB-12', /^[A-Z]{2}-\d{2}$/)).to.equal(true);
      expect(rules.regex('AB-12', '^[A-Z]{2}-\\d{2}$')).to.equal(true);
    });

    it('fails a value the pattern does not match', () => {
      expect(rules.regex('ab-12', /^[A-Z]{2}-\d{2}$/)).to.deep.equal({ key: 'validation.regex' });
    });

    it('gives the same answer twice for a global pattern', () => {
      const pattern = /^\d+$/g;
      expect(rules.regex('123', pattern)).to.equal(true);
      expect(rules.regex('123', pattern)).to.equal(true);
    });
  });

  describe('length', () => {
    it('passes exactly the given length', () => {
      expect(rules.length('123456', 6)).to.equal(true);
    });

    it('fails one character less or more', () => {
      expect(rules.length('12345', 6)).to.deep.equal({ key: 'validation.length', values: { length: 6 } });
      expect(rules.length('1234567', 6)).to.deep.equal({ key: 'validation.length', values: { length: 6 } });
    });
  });

  describe('alpha_spaces', () => {
    it('passes letters of any script separated by spaces', () => {
      for (const value of ['Anna Maria', 'Анна Мария', 'Ἀλέξανδρος', 'अर्जुन सिंह']) {
        expect(rules.alpha_spaces(value), value).to.equal(true);
      }
    });

    it('fails digits, punctuation and tabs', () => {
      for (const value of ['Anna1', 'Anna-Maria', 'Anna\tMaria']) {
        expect(rules.alpha_spaces(value), value).to.deep.equal({ key: 'validation.alpha_spaces' });
      }
    });
  });

  describe('is', () => {
    it('passes the expected value', () => {
      expect(rules.is('DELETE', 'DELETE')).to.equal(true);
    });

    it('fails anything else, including a loosely equal value', () => {
      expect(rules.is('delete', 'DELETE')).to.deep.equal({ key: 'validation.is' });
      expect(rules.is('1', 1)).to.deep.equal({ key: 'validation.is' });
    });
  });
});
