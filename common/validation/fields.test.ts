import { expect } from 'chai';
import { type AnySchema, object, ref, string } from 'yup';
import {
  accountField,
  agreeTermsField,
  amountField,
  confirmPasswordField,
  emailField,
  nameField,
  otpCodeField,
  passwordField,
  phoneField,
  rule,
  urlField,
  validateField,
} from './index';

function failure(schema: AnySchema, value: unknown): unknown {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    return (error as { errors: unknown[] }).errors[0];
  }
}

describe('field schemas', () => {
  it('require every field', () => {
    const fields = [emailField, passwordField, nameField, phoneField, otpCodeField, urlField, accountField, amountField()];
    for (const field of fields) {
      expect(failure(field, undefined)).to.deep.equal({ key: 'validation.required' });
      expect(failure(field, '')).to.deep.equal({ key: 'validation.required' });
    }
  });

  it('can be made optional', () => {
    expect(failure(emailField.optional(), undefined)).to.equal(null);
  });

  it('check the e-mail, phone, code, URL and account formats', () => {
    expect(failure(emailField, 'user@example')).to.deep.equal({ key: 'validation.email' });
    expect(failure(phoneField, '12-34')).to.deep.equal({ key: 'validation.phone' });
    expect(failure(otpCodeField, '12345')).to.deep.equal({ key: 'validation.otp_code' });
    expect(failure(urlField, 'example.com')).to.deep.equal({ key: 'validation.url' });
    expect(failure(accountField, 'кошелёк')).to.deep.equal({ key: 'validation.account' });
  });

  it('accept valid e-mail, phone, code, URL and account values', () => {
    expect(failure(emailField, 'user@example.com')).to.equal(null);
    expect(failure(phoneField, '+7 (999) 123-45-67')).to.equal(null);
    expect(failure(otpCodeField, '123456')).to.equal(null);
    expect(failure(urlField, 'https://example.com')).to.equal(null);
    expect(failure(accountField, '4111 1111 1111 1111')).to.equal(null);
  });

  describe('passwordField', () => {
    it('accepts a strong password', () => {
      expect(failure(passwordField, 'Str0ng!pass')).to.equal(null);
    });

    it('reports disallowed characters before weakness', () => {
      expect(failure(passwordField, 'пароль')).to.deep.equal({ key: 'validation.invalid_password' });
    });

    it('reports a weak password with the minimum length', () => {
      expect(failure(passwordField, 'password')).to.deep.equal({ key: 'validation.weak_password', values: { min: 8 } });
    });

    it('accepts 128 characters and refuses 129', () => {
      const strong = 'Aa1!'.repeat(32);
      expect(failure(passwordField, strong)).to.equal(null);
      expect(failure(passwordField, `${strong}a`)).to.deep.equal({ key: 'validation.max_length', values: { max: 128 } });
    });
  });

  describe('confirmPasswordField', () => {
    const form = object({ password: passwordField, passwordRepeat: confirmPasswordField('password') });

    it('accepts the same password', () => {
      expect(failure(form, { password: 'Str0ng!pass', passwordRepeat: 'Str0ng!pass' })).to.equal(null);
    });

    it('reports a different password as confirmed (passwords must match)', () => {
      expect(failure(form, { password: 'Str0ng!pass', passwordRepeat: 'Str0ng!pas' })).to.deep.equal({
        key: 'validation.confirmed',
      });
    });
  });

  it('accept a name and refuse one with a leading hyphen', () => {
    expect(failure(nameField, "Анна-Мария д'Арк")).to.equal(null);
    expect(failure(nameField, '-Анна')).to.deep.equal({ key: 'validation.invalid_name' });
  });

  it('limit a name to 64 characters', () => {
    expect(failure(nameField, 'А'.repeat(65))).to.deep.equal({ key: 'validation.max_length', values: { max: 64 } });
  });

  describe('amountField', () => {
    const field = amountField({ min: '10', max: '1000', balance: '500', scale: 8 });

    it('accepts a decimal string within the limits', () => {
      expect(failure(field, '499.12345678')).to.equal(null);
    });

    it('refuses a JSON number instead of turning it into a string', () => {
      expect(failure(field, 100)).to.deep.equal({ key: 'validation.invalid_amount' });
    });

    it('reports the amount limits in order: minimum, then balance', () => {
      expect(failure(field, '9')).to.deep.equal({ key: 'validation.amount_min', values: { min: '10' } });
      expect(failure(field, '501')).to.deep.equal({ key: 'validation.amount_above_balance', values: { balance: '500' } });
    });
  });

  describe('agreeTermsField', () => {
    it('accepts a ticked box', () => {
      expect(failure(agreeTermsField, true)).to.equal(null);
    });

    it('refuses an unticked or missing box', () => {
      expect(failure(agreeTermsField, false)).to.deep.equal({ key: 'validation.terms_required' });
      expect(failure(agreeTermsField, undefined)).to.deep.equal({ key: 'validation.terms_required' });
    });
  });
});

describe('rule as a yup test', () => {
  it('fails with the rule message', () => {
    expect(failure(string().test(rule('less_than', '100')), '100')).to.deep.equal({
      key: 'validation.less_than',
      values: { max: '100' },
    });
  });

  it('reads a parameter from a sibling field through ref', () => {
    const form = object({ limit: string(), amount: string().test(rule('less_than', ref<string>('limit'))) });
    expect(failure(form, { limit: '5', amount: '4' })).to.equal(null);
    expect(failure(form, { limit: '5', amount: '6' })).to.deep.equal({ key: 'validation.less_than', values: { max: '5' } });
  });

  it('keeps two tests of the same rule', () => {
    const schema = string().test(rule('regex', /a/)).test(rule('regex', /b/));
    expect(failure(schema, 'a')).to.deep.equal({ key: 'validation.regex' });
    expect(failure(schema, 'ab')).to.equal(null);
  });
});

describe('validateField', () => {
  const form = object({
    email: emailField,
    password: passwordField,
    passwordRepeat: confirmPasswordField('password'),
  });

  it('answers null for a valid field while other fields are invalid', () => {
    expect(validateField(form, 'email', { email: 'user@example.com', password: 'x' })).to.equal(null);
  });

  it('answers the first failure of the field', () => {
    expect(validateField(form, 'email', { email: '' })).to.deep.equal({ key: 'validation.required' });
  });

  it('checks a field against its sibling', () => {
    const values = { password: 'Str0ng!pass', passwordRepeat: 'Str0ng!pass2' };
    expect(validateField(form, 'passwordRepeat', values)).to.deep.equal({ key: 'validation.confirmed' });
  });

  it('answers the general error for a test that failed with a plain string', () => {
    const legacy = object({ code: string().test('legacy', 'wrong code', () => false) });
    expect(validateField(legacy, 'code', { code: 'x' })).to.deep.equal({ key: 'validation.general_error' });
  });
});
