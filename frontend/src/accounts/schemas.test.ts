import { expect } from 'chai';
import { ValidationError } from 'yup';
import { changePasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from './schemas';

/** Field path → the failing rule's message key, for every failing field. */
function failures(schema: { validateSync(value: unknown, options: object): unknown }, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const found: Record<string, string> = {};
    for (const inner of error.inner) {
      const message = inner.errors[0] as { key?: string } | string;
      found[inner.path ?? ''] ??= typeof message === 'string' ? message : (message.key ?? '');
    }
    return found;
  }
}

const VALID_SIGN_UP = {
  firstName: 'Anna',
  secondName: 'Petrova',
  email: 'anna@example.com',
  phone: '+7 999 123-45-67',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  agreeTerms: true,
};

describe('accounts form schemas', () => {
  it('accept a complete registration', () => {
    expect(failures(signUpSchema, VALID_SIGN_UP)).to.deep.equal({});
  });

  it('refuse a registration with a weak password, a mismatch, a bad phone and no terms', () => {
    expect(
      failures(signUpSchema, { ...VALID_SIGN_UP, phone: '12', password: 'weakpass', confirmPassword: 'other', agreeTerms: false }),
    ).to.deep.equal({
      phone: 'validation.phone',
      password: 'validation.weak_password',
      confirmPassword: 'validation.confirmed',
      agreeTerms: 'validation.terms_required',
    });
  });

  it('require every registration field', () => {
    const empty = { firstName: '', secondName: '', email: '', phone: '', password: '', confirmPassword: '', agreeTerms: false };
    expect(Object.keys(failures(signUpSchema, empty)).sort()).to.deep.equal(Object.keys(empty).sort());
  });

  it('do not judge the strength of the password given at sign-in', () => {
    expect(failures(signInSchema(false), { email: 'a@b.io', password: 'x', code: '', remember: false })).to.deep.equal({});
  });

  it('ask for a six-digit code at sign-in only once the server wants one', () => {
    const values = { email: 'a@b.io', password: 'x', code: '', remember: true };
    expect(failures(signInSchema(true), values)).to.deep.equal({ code: 'validation.required' });
    expect(failures(signInSchema(true), { ...values, code: '12345' })).to.deep.equal({ code: 'validation.otp_code' });
    expect(failures(signInSchema(true), { ...values, code: '123456' })).to.deep.equal({});
  });

  it('check the new password of a reset like a registration', () => {
    expect(failures(resetPasswordSchema(false), { password: 'short', confirmPassword: 'short', code: '' })).to.deep.equal({
      password: 'validation.weak_password',
    });
    expect(failures(resetPasswordSchema(true), { password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass', code: '' })).to.deep.equal({
      code: 'validation.required',
    });
  });

  it('require the current password and a matching new one to change it', () => {
    expect(
      failures(changePasswordSchema, { currentPassword: '', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS', endOtherSessions: true }),
    ).to.deep.equal({ currentPassword: 'validation.required', confirmPassword: 'validation.confirmed' });
  });
});
