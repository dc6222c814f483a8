import { expect } from 'chai';
import { ApiError } from '../api/ApiError';
import { signInFailure } from './signIn';

describe('sign-in failures', () => {
  it('asks for the one-time code when the server answers otp_required', () => {
    expect(signInFailure(new ApiError(401, { code: 'otp_required', message: 'Enter the code' }))).to.deep.equal({ kind: 'needCode' });
  });

  it('shows a wrong code on the code field', () => {
    expect(signInFailure(new ApiError(401, { code: 'invalid_code', message: 'Invalid code' }))).to.deep.equal({
      kind: 'fields',
      fields: { code: 'Invalid code' },
    });
  });

  it('shows validation failures on their inputs', () => {
    const error = new ApiError(422, { code: 'validation_failed', message: 'Check the form', fields: { email: 'Enter a valid email' } });
    expect(signInFailure(error)).to.deep.equal({ kind: 'fields', fields: { email: 'Enter a valid email' } });
  });

  it('says the server message above the form for every other refusal', () => {
    for (const code of ['invalid_credentials', 'account_not_activated', 'account_blocked', 'too_many_requests', 'captcha_failed']) {
      expect(signInFailure(new ApiError(403, { code, message: `message of ${code}` })), code).to.deep.equal({
        kind: 'message',
        message: `message of ${code}`,
      });
    }
  });

  it('rethrows what is not an API answer', () => {
    const bug = new TypeError('bug');
    expect(() => signInFailure(bug)).to.throw(bug);
  });
});
