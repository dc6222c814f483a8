import { expect } from 'chai';
import { rules } from './rules';

const EMPTY_VALUES = ['', undefined, null];

describe('product validation rules', () => {
  describe('custom_rule', () => {
    it('passes an empty value', () => {
      for (const value of EMPTY_VALUES) expect(rules.custom_rule(value, /^\d+$/)).to.equal(true);
    });

    it('passes a value matching the pattern', () => {
      expect(rules.custom_rule('12345', /^\d+$/)).to.equal(true);
    });

    it('fails a value not matching the pattern with the general error', () => {
      expect(rules.custom_rule('12a45', '^\\d+$')).to.deep.equal({ key: 'validation.general_error' });
    });
  });

  describe('less_than', () => {
    it('passes an empty value', () => {
      for (const value of EMPTY_VALUES) expect(rules.less_than(value, '10')).to.equal(true);
    });

    it('passes a value below the limit', () => {
      expect(rules.less_than('9.99', '10')).to.equal(true);
      expect(rules.less_than('-5', 0)).to.equal(true);
    });

    it('fails a value equal to the limit', () => {
      expect(rules.less_than('10.00', '10')).to.deep.equal({ key: 'validation.less_than', values: { max: '10' } });
    });

    it('fails a value above the limit', () => {
      expect(rules.less_than('10.01', '10')).to.deep.equal({ key: 'validation.less_than', values: { max: '10' } });
    });

    it('fails a value that is not a plain decimal as an invalid number', () => {
      for (const value of ['abc', '1,5', ' 1', '1 ', '1e3', '+1', '.5', '5.', '0x10', 'NaN', 'Infinity', true]) {
        expect(rules.less_than(value, '10'), String(value)).to.deep.equal({ key: 'validation.invalid_number' });
      }
    });

    it('passes an 18-decimal value below the limit that a double rounds up to it', () => {
      const value = '0.099999999999999999';
      expect(Number(value)).to.equal(Number('0.1'));
      expect(rules.less_than(value, '0.1')).to.equal(true);
    });

    it('fails an 18-decimal value above the limit that a double rounds down to it', () => {
      const value = '123456789012345678.000000000000000001';
      const limit = '123456789012345678';
      expect(Number(value)).to.equal(Number(limit));
      expect(rules.less_than(value, limit)).to.deep.equal({
        key: 'validation.less_than',
        values: { max: limit },
      });
    });

    it('tells apart two 18-decimal values one unit apart', () => {
      expect(rules.less_than('0.000000000000000001', '0.000000000000000002')).to.equal(true);
      expect(rules.less_than('0.000000000000000002', '0.000000000000000001')).to.deep.equal({
        key: 'validation.less_than',
        values: { max: '0.000000000000000001' },
      });
    });

    it('refuses a limit that is not a decimal', () => {
      expect(() => rules.less_than('1', 'ten')).to.throw(TypeError, /less_than limit/);
    });
  });

  describe('min_length and max_length', () => {
    it('count an empty value as length 0, so min_length fails it', () => {
      for (const value of EMPTY_VALUES) {
        expect(rules.min_length(value, 1)).to.deep.equal({ key: 'validation.min_length', values: { min: 1 } });
      }
    });

    it('let max_length pass an empty value', () => {
      for (const value of EMPTY_VALUES) expect(rules.max_length(value, 0)).to.equal(true);
    });

    it('pass lengths at the limits', () => {
      expect(rules.min_length('абвгде', 6)).to.equal(true);
      expect(rules.max_length('абвгде', 6)).to.equal(true);
    });

    it('fail lengths one past the limits', () => {
      expect(rules.min_length('абвгд', 6)).to.deep.equal({ key: 'validation.min_length', values: { min: 6 } });
      expect(rules.max_length('абвгдеж', 6)).to.deep.equal({ key: 'validation.max_length', values: { max: 6 } });
    });
  });

  describe('name', () => {
    it('passes an empty value', () => {
      for (const value of EMPTY_VALUES) expect(rules.name(value)).to.equal(true);
    });

    const accepted = [
      'Анна',
      'Anna',
      'Анна-Мария',
      'Jean-Luc',
      "O'Neil",
      'O’Brien',
      "Д'Артаньян",
      'Мамин-Сибиряк',
      "Mary-Jane O'Connor",
      'Салтыков-Щедрин Михаил',
      'Øyvind Åsmund',
      'José',
      'Jose\u0301',
      'Ἀλέξανδρος',
      'अर्जुन',
      '李小龙',
      'Ёлкин Ёж',
      "Anna-Maria-Luisa d'Este",
    ];
    for (const value of accepted) {
      it(`passes the name ${JSON.stringify(value)}`, () => {
        expect(rules.name(value)).to.equal(true);
      });
    }

    const rejected = [
      '-Anna',
      'Anna-',
      'Anna--Maria',
      "'Anna",
      "Anna'",
      "Anna''s",
      "Anna-'Maria",
      ' Anna',
      'Anna ',
      'Anna  Maria',
      'Anna - Maria',
      'Anna\tMaria',
      'Anna\nMaria',
      'Anna1',
      'Anna_Maria',
      'Anna.',
      '   ',
      '-',
      '😀',
    ];
    for (const value of rejected) {
      it(`fails the name ${JSON.stringify(value)}`, () => {
        expect(rules.name(value)).to.deep.equal({ key: 'validation.invalid_name' });
      });
    }
  });

  describe('password', () => {
    it('passes an empty value', () => {
      for (const value of EMPTY_VALUES) expect(rules.password(value)).to.equal(true);
    });

    it('passes every Latin letter and digit', () => {
      expect(rules.password('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).to.equal(true);
    });

    // The symbols exactly as spec §5 lists them.
    const symbols = Array.from('!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~');
    it('lists the 32 symbols of the spec', () => {
      expect(symbols).to.have.length(32);
    });
    for (const symbol of symbols) {
      it(`passes the symbol ${symbol}`, () => {
        expect(rules.password(symbol)).to.equal(true);
        expect(rules.password(`Pass${symbol}word1`)).to.equal(true);
      });
    }

    const rejected = [
      ['a space', 'pass word'],
      ['a tab', 'pass\tword'],
      ['a line break', 'password\n'],
      ['the numero sign', 'password№1'],
      ['an emoji', 'password😀'],
      ['Cyrillic letters (the Latin-only decision)', 'пароль123'],
      ['a Latin letter with a diacritic', 'passwörd'],
      ['the euro sign', 'password€'],
      ['a typographic apostrophe', 'pass’word'],
      ['a non-breaking space', 'pass\u00a0word'],
    ];
    for (const [what, value] of rejected) {
      it(`fails a password with ${what}`, () => {
        expect(rules.password(value)).to.deep.equal({ key: 'validation.invalid_password' });
      });
    }
  });
});
