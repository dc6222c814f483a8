import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { LANGS } from '../api';
import { type RuleResult, VALIDATION_RULE_KEYS, type ValidationMessage } from './messages';
import { rules } from './rules';

function loadValidationFile(lang: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}/validation.json`, import.meta.url), 'utf8'));
}

const files = Object.fromEntries(LANGS.map((lang) => [lang, loadValidationFile(lang)]));

function placeholders(text: string): string[] {
  return Array.from(text.matchAll(/\{\{\s*(\w+)\s*\}\}/g), (match) => match[1]).sort();
}

function failed(result: RuleResult): ValidationMessage {
  if (result === true) throw new Error('the rule passed');
  return result;
}

// One failure of each rule, with the values its message interpolates.
const sampleFailures: ValidationMessage[] = [
  failed(rules.required('')),
  failed(rules.numeric('a')),
  failed(rules.email('a')),
  failed(rules.confirmed('a', 'b')),
  failed(rules.url('a')),
  failed(rules.min('a', 2)),
  failed(rules.max('abc', 2)),
  failed(rules.min_value('1', '2')),
  failed(rules.max_value('3', '2')),
  failed(rules.regex('a', /b/)),
  failed(rules.length('a', 2)),
  failed(rules.alpha_spaces('1')),
  failed(rules.is('a', 'b')),
  failed(rules.custom_rule('a', /b/)),
  failed(rules.less_than('a', '1')),
  failed(rules.less_than('2', '1')),
  failed(rules.min_length('', 1)),
  failed(rules.max_length('ab', 1)),
  failed(rules.name('1')),
  failed(rules.password(' ')),
  failed(rules.strong_password('a')),
  failed(rules.phone('1')),
  failed(rules.otp_code('1')),
  failed(rules.account('?')),
  failed(rules.amount('x')),
  failed(rules.amount('1', { balance: '0' })),
  failed(rules.amount('1', { min: '2' })),
  failed(rules.amount('3', { max: '2' })),
  failed(rules.amount('3', { balance: '2' })),
];

describe('validation locale files', () => {
  it('have the same keys in every language', () => {
    const [first, ...others] = LANGS;
    for (const lang of others) {
      expect(Object.keys(files[lang]).sort(), lang).to.deep.equal(Object.keys(files[first]).sort());
    }
  });

  it('hold exactly the known rule keys', () => {
    for (const lang of LANGS) {
      expect(Object.keys(files[lang]).sort(), lang).to.deep.equal([...VALIDATION_RULE_KEYS].sort());
    }
  });

  it('give every message a non-empty text without a trailing period', () => {
    for (const lang of LANGS) {
      for (const [key, text] of Object.entries(files[lang])) {
        expect(text.trim(), `${lang}.${key}`).to.not.equal('');
        expect(text.endsWith('.'), `${lang}.${key}`).to.equal(false);
      }
    }
  });

  it('use the same placeholders in every language', () => {
    for (const key of VALIDATION_RULE_KEYS) {
      const expected = placeholders(files.en[key]);
      for (const lang of LANGS) expect(placeholders(files[lang][key]), `${lang}.${key}`).to.deep.equal(expected);
    }
  });

  it('have a message for every rule failure in both languages', () => {
    for (const failure of sampleFailures) {
      const key = failure.key.replace(/^validation\./, '');
      for (const lang of LANGS) expect(files[lang], `${lang}.${key}`).to.have.property(key);
    }
  });

  it('fill every value a rule failure carries, and nothing else', () => {
    for (const failure of sampleFailures) {
      const key = failure.key.replace(/^validation\./, '');
      const given = Object.keys(failure.values ?? {}).sort();
      for (const lang of LANGS) expect(placeholders(files[lang][key]), `${lang}.${key}`).to.deep.equal(given);
    }
  });

  it('keep the spec wording where the spec gives it', () => {
    expect(files.en).to.include({
      required: 'This field is required',
      email: 'Enter a valid email',
      otp_code: 'Invalid code',
      url: 'Enter a valid URL',
      phone: 'Enter a valid phone number',
      insufficient_balance: 'Insufficient balance',
      invalid_amount: 'Invalid amount entered',
      account: 'Incorrect account details entered',
    });
  });
});
