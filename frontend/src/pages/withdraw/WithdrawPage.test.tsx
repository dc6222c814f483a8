import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { SessionUser } from '../../../../common/api';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { CATALOGUE, catalogueParts } from '../../exchange/testing/fixtures';
import { partnerSummary, withdrawal } from '../userPartner/testing/fixtures';

/** The withdrawal form against a real HTTP API. */
async function load() {
  const [page, client, queryClient, session, alerts, query] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('../../stores/session'),
    import('../../accounts/alerts'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { Page: page.default, ...client, ...queryClient, ...session, ...alerts, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
const USER: SessionUser = { id: 41, email: 'anna@example.com', firstName: 'Anna', secondName: null, role: 'user', twoFactorEnabled: false, kycStatus: null };
const QUOTE = { currency: 'USDTTRC20', amount: '50', payout: '49.9', rate: '0.998' };

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Page />
      </m.QueryClientProvider>,
    );
  });
}

async function fillForm(amount: string) {
  const form = await screen.findByRole('form', { name: 'Withdrawal request' });
  await within(form).findByRole('option', { name: 'Tether TRC20' });
  // The wallet's label names the network once the currency is chosen.
  expect(within(form).getByLabelText(/^Wallet or account/)).to.exist;
  fireEvent.change(within(form).getByLabelText(/^Currency of the payout/), { target: { value: 'USDTTRC20' } });
  if (amount) await userEvent.type(within(form).getByLabelText(/^Amount/), amount);
  await userEvent.type(within(form).getByLabelText(/^Your USDT \(TRC20\) wallet/), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  return form;
}

const posts = () => api.requests.filter((request) => request.method === 'POST');

describe('withdraw page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      ...catalogueParts(CATALOGUE),
      'GET /user/partner': ok(partnerSummary()),
      'GET /user/partner/withdrawals/quote': ok(QUOTE),
      'POST /user/partner/withdrawals': ok(withdrawal(9)),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: USER, known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    m.useAlerts.setState({ alerts: [] });
    await api.close();
  });

  it('validates with the common schema and the minimum payout before asking for a quote', async () => {
    await renderPage();
    const form = await screen.findByRole('form', { name: 'Withdrawal request' });
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    expect(within(form).getAllByText('This field is required').length).to.be.at.least(2);
    await fillForm('5');
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    expect(await within(form).findByText(/^The amount is below the minimum withdrawal of 10.USDT$/)).to.exist;
    expect(api.requests.filter((request) => request.path.endsWith('/quote'))).to.deep.equal([]);
    expect(within(form).queryByLabelText(/^Two-factor/)).to.equal(null);
  });

  it('refuses a wallet of another network before asking for a quote', async () => {
    await renderPage();
    const form = await fillForm('50');
    const wallet = within(form).getByLabelText(/^Your USDT \(TRC20\) wallet/);
    await userEvent.clear(wallet);
    await userEvent.type(wallet, '0x52908400098527886E0F7030069857D2E4169EE7');
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    expect(await within(form).findByText('This is not a TRC20 address: copy it from your wallet again')).to.exist;
    expect(api.requests.filter((request) => request.path.endsWith('/quote'))).to.deep.equal([]);
  });

  it('"Maximum" fills the available amount; the review shows both amounts; confirm posts the exact body and says the order is created', async () => {
    await renderPage();
    const form = await fillForm('');
    await userEvent.click(screen.getByTestId('withdraw-max'));
    expect((within(form).getByLabelText(/^Amount/) as HTMLInputElement).value).to.equal('125.5');
    await userEvent.clear(within(form).getByLabelText(/^Amount/));
    await userEvent.type(within(form).getByLabelText(/^Amount/), '50');
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    await screen.findByTestId('withdraw-review');
    expect(screen.getByTestId('withdraw-review-amount').textContent).to.equal('50\u00a0USDT');
    expect(screen.getByTestId('withdraw-review-payout').textContent).to.equal('49.9\u00a0USDT (Tether TRC20)');
    expect(api.requests.find((request) => request.path.endsWith('/quote'))?.query).to.equal('currency=USDTTRC20&amount=50');
    expect(posts()).to.deep.equal([]);
    await userEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(window.location.pathname).to.equal('/user/partner'));
    expect(posts().map((request) => request.body)).to.deep.equal([{ currency: 'USDTTRC20', amount: '50', account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }]);
    expect(m.useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['Withdrawal order created']);
  });

  it('shows the spec message when the server answers no_funds', async () => {
    api.on('POST /user/partner/withdrawals', failure(409, 'no_funds', 'server words'));
    await renderPage();
    await fillForm('50');
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    await userEvent.click(await screen.findByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).to.equal('No funds available for withdrawal');
  });

  it('asks for the 2FA code only when 2FA is on, and sends it', async () => {
    m.useSessionStore.setState({ user: { ...USER, twoFactorEnabled: true }, known: true });
    await renderPage();
    const form = await fillForm('50');
    await userEvent.type(within(form).getByLabelText(/^Two-factor/), '123456');
    await userEvent.click(screen.getByTestId('withdraw-review-button'));
    await userEvent.click(await screen.findByTestId('withdraw-confirm'));
    await waitFor(() => expect(posts().length).to.equal(1));
    expect(posts()[0]!.body).to.deep.equal({ currency: 'USDTTRC20', amount: '50', account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', code: '123456' });
  });

  it('offers only verified cards of the chosen card asset, sent by the requisite id', async () => {
    api.on('GET /user/requisites', ok({ requisites: [
      { id: 3, kind: 'card', asset: 'SBERRUB', masked: '•••• 1003', holder: null, expires: null, status: 'verified', rejectReason: null, photoUploaded: false, createdAt: '2026-11-24T10:00:00.000Z' },
      { id: 4, kind: 'card', asset: 'SBERRUB', masked: '•••• 1004', holder: null, expires: null, status: 'pending', rejectReason: null, photoUploaded: true, createdAt: '2026-11-24T10:00:00.000Z' },
    ] }));
    await renderPage();
    const form = await screen.findByRole('form', { name: 'Withdrawal request' });
    await within(form).findByRole('option', { name: 'Sberbank' });
    expect(within(form).queryByRole('option', { name: /Cash/ })).to.equal(null);
    fireEvent.change(within(form).getByLabelText(/^Currency of the payout/), { target: { value: 'SBERRUB' } });
    await within(form).findByRole('option', { name: '•••• 1003' });
    expect(within(form).queryByRole('option', { name: '•••• 1004' })).to.equal(null);
  });

  it('says "No funds available for withdrawal" instead of the form when nothing is available', async () => {
    api.on('GET /user/partner', ok(partnerSummary({ available: '0' })));
    await renderPage();
    expect((await screen.findByTestId('withdraw-no-funds')).textContent).to.contain('No funds available for withdrawal');
    expect(screen.queryByRole('form')).to.equal(null);
  });
});
