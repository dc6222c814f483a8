import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { failure, ok } from '../../exchange/testing/apiServer';
import { loadAccountsModules, startAccountsHarness, type AccountsHarness, type AccountsModules } from '../../accounts/testing/harness';

const USER = { id: 7, email: 'anna@example.com', firstName: 'Anna', secondName: 'Petrova', role: 'user', twoFactorEnabled: true, kycStatus: null };

let m: AccountsModules;
let harness: AccountsHarness;

function fill(label: RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const signInRequests = () => harness.api.requests.filter((request) => request.path === '/user/auth/sign-in');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('sign-in page', () => {
  before(async () => {
    m = await loadAccountsModules();
  });

  beforeEach(async () => {
    harness = await startAccountsHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('asks for the one-time code on otp_required, then signs in with it and goes to next', async () => {
    let attempts = 0;
    harness.api.on('POST /user/auth/sign-in', () => {
      attempts += 1;
      return attempts === 1 ? failure(401, 'otp_required', 'Enter the one-time code') : ok(null);
    });
    harness.api.on('GET /user/auth/session/get/', ok(USER));
    harness.renderAt('/login?next=%2Fuser%2Fexchanges', <m.LoginPage />);

    expect(screen.queryByLabelText(/^One-time code/)).to.equal(null);
    fill(/^Email/, 'anna@example.com');
    fill(/^Password/, 'secret');
    submit();
    const codeInput = await screen.findByLabelText(/^One-time code/);
    expect(signInRequests()[0].body).to.deep.equal({ email: 'anna@example.com', password: 'secret', code: '', remember: false, captcha: '' });

    fireEvent.change(codeInput, { target: { value: '123456' } });
    submit();
    await waitFor(() => expect(window.location.pathname).to.equal('/user/exchanges'));
    expect(signInRequests()[1].body).to.deep.equal({ email: 'anna@example.com', password: 'secret', code: '123456', remember: false, captcha: '' });
    expect(m.useSessionStore.getState().user?.email).to.equal('anna@example.com');
    expect(m.useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['You are signed in']);
  });

  it('keeps the code step and shows a wrong code on the code field', async () => {
    harness.api.on('POST /user/auth/sign-in', failure(401, 'otp_required', 'Enter the one-time code'));
    harness.renderAt('/login', <m.LoginPage />);
    fill(/^Email/, 'anna@example.com');
    fill(/^Password/, 'secret');
    submit();
    const codeInput = await screen.findByLabelText(/^One-time code/);
    harness.api.on('POST /user/auth/sign-in', failure(401, 'invalid_code', 'Invalid code'));
    fireEvent.change(codeInput, { target: { value: '000000' } });
    submit();
    await waitFor(() => expect(codeInput.getAttribute('aria-invalid')).to.equal('true'));
    expect(screen.getByText('Invalid code')).to.exist;
    expect(window.location.pathname).to.equal('/login');
  });

  it('does not send a code that is not six digits', async () => {
    harness.api.on('POST /user/auth/sign-in', failure(401, 'otp_required', 'Enter the one-time code'));
    harness.renderAt('/login', <m.LoginPage />);
    fill(/^Email/, 'anna@example.com');
    fill(/^Password/, 'secret');
    submit();
    const codeInput = await screen.findByLabelText(/^One-time code/);
    fireEvent.change(codeInput, { target: { value: '12a' } });
    submit();
    await screen.findByText('Invalid code');
    expect(signInRequests()).to.have.length(1);
  });

  it('says why the account cannot sign in above the form', async () => {
    harness.api.on('POST /user/auth/sign-in', failure(403, 'account_not_activated', 'Account not activated'));
    harness.renderAt('/login', <m.LoginPage />);
    fill(/^Email/, 'anna@example.com');
    fill(/^Password/, 'secret');
    submit();
    expect((await screen.findByTestId('form-notice')).textContent).to.equal('Account not activated');
    expect(screen.queryByLabelText(/^One-time code/)).to.equal(null);
  });

  it('validates the email on blur without calling the server', async () => {
    harness.renderAt('/login', <m.LoginPage />);
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    await screen.findByText('Enter a valid email');
    submit();
    await screen.findByText('This field is required');
    expect(signInRequests()).to.have.length(0);
  });
});
