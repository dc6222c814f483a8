import { screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { failure, ok } from '../exchange/testing/apiServer';
import { loadAccountsModules, startAccountsHarness, type AccountsHarness, type AccountsModules } from './testing/harness';

let m: AccountsModules;
let harness: AccountsHarness;

const activations = () => harness.api.requests.filter((request) => request.path === '/user/auth/activate');

describe('activation link page', () => {
  before(async () => {
    m = await loadAccountsModules();
  });

  beforeEach(async () => {
    harness = await startAccountsHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('activates the token once and goes to the success page', async () => {
    harness.api.on('POST /user/auth/activate', ok(null));
    harness.renderAt('/auth/good-token', <m.ActivationPage params={{ token: 'good-token' }} />);
    expect(screen.getByText(/Activating your account/)).to.exist;
    await waitFor(() => expect(window.location.pathname).to.equal('/success/confirm/account'));
    expect(activations().map((request) => request.body)).to.deep.equal([{ token: 'good-token' }]);
  });

  it('goes to the activation error page when the server refuses the token', async () => {
    harness.api.on('POST /user/auth/activate', failure(400, 'invalid_token', 'Account activation error'));
    harness.renderAt('/auth/bad-token', <m.ActivationPage params={{ token: 'bad-token' }} />);
    await waitFor(() => expect(window.location.pathname).to.equal('/error/confirm/account'));
    expect(activations()).to.have.length(1);
  });
});
