import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure, ok } from '../../exchange/testing/apiServer';
import { loadAccountsModules, startAccountsHarness, type AccountsHarness, type AccountsModules } from '../../accounts/testing/harness';

let m: AccountsModules;
let harness: AccountsHarness;

function fill(label: RegExp, value: string): HTMLElement {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  return input;
}

function fillValidForm(): void {
  fill(/^First name/, 'Anna');
  fill(/^Last name/, 'Petrova');
  fill(/^Email/, 'anna@example.com');
  fill(/^Phone/, '+7 999 123-45-67');
  fill(/^Password/, 'Str0ng!pass');
  fill(/^Repeat the password/, 'Str0ng!pass');
  fireEvent.click(screen.getByRole('checkbox', { name: /terms of use/ }));
}

const registerRequests = () => harness.api.requests.filter((request) => request.path === '/user/auth/register');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('sign-up page', () => {
  before(async () => {
    m = await loadAccountsModules();
  });

  beforeEach(async () => {
    harness = await startAccountsHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('registers with the stored referral code and an empty captcha, then says to check the email', async () => {
    m.captureReferral('?r=partner7');
    harness.api.on('POST /user/auth/register', ok(null));
    harness.renderAt('/sign-up', <m.SignUpPage />);
    fillValidForm();
    submit();
    expect((await screen.findByTestId('sign-up-sent')).textContent).to.contain('anna@example.com');
    expect(registerRequests().map((request) => request.body)).to.deep.equal([
      {
        firstName: 'Anna',
        secondName: 'Petrova',
        email: 'anna@example.com',
        phone: '+7 999 123-45-67',
        password: 'Str0ng!pass',
        confirmPassword: 'Str0ng!pass',
        agreeTerms: true,
        captcha: '',
        ref: 'partner7',
      },
    ]);
    expect(m.useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['Registration confirmation link sent to your email']);
  });

  it('shows each field failure on its input and sends nothing', async () => {
    harness.renderAt('/sign-up', <m.SignUpPage />);
    fill(/^Password/, 'weak');
    fill(/^Repeat the password/, 'other');
    submit();
    await screen.findByText('Passwords must match');
    expect(screen.getByText(/at least 8 characters long/)).to.exist;
    expect(screen.getByText('Accept the terms of use to continue')).to.exist;
    expect(screen.getAllByText('This field is required')).to.have.length(4);
    expect(document.activeElement).to.equal(screen.getByLabelText(/^First name/));
    expect(registerRequests()).to.have.length(0);
  });

  it('validates a field when it is left, not while typing', async () => {
    harness.renderAt('/sign-up', <m.SignUpPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Phone/), '12');
    expect(screen.queryByText('Enter a valid phone number')).to.equal(null);
    await user.tab();
    await screen.findByText('Enter a valid phone number');
  });

  it('shows the server field errors on their inputs until they are edited', async () => {
    harness.api.on('POST /user/auth/register', failure(422, 'validation_failed', 'Check the form', { email: 'This email is already registered' }));
    harness.renderAt('/sign-up', <m.SignUpPage />);
    fillValidForm();
    submit();
    await screen.findByText('This email is already registered');
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).to.equal('true');
    fill(/^Email/, 'anna2@example.com');
    await waitFor(() => expect(screen.queryByText('This email is already registered')).to.equal(null));
  });
});
