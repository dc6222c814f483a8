import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { startTestSocketServer, useOfflineSocket, type TestSocketServer } from '../../testing/socketServer';
import { partnerSummary, referredExchange, withdrawal } from './testing/fixtures';

/** The partner page against a real HTTP API and a real Socket.IO server. */
async function load() {
  const [page, client, queryClient, query] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { Page: page.default, ...client, ...queryClient, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let sockets: TestSocketServer;
const LIVE = { timeout: 5000 };

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Page />
      </m.QueryClientProvider>,
    );
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('partner page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /user/partner': ok(partnerSummary()),
      'GET /user/partner/exchanges': ok({ items: [], nextCursor: null }),
      'GET /user/partner/withdrawals': ok({ items: [], nextCursor: null }),
    });
    m.setApiBase(api.base);
    sockets = await startTestSocketServer();
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    await api.close();
    await sockets.close();
  });

  it('shows the link with its copy button and QR code, the balance, the percent, the next tier and the referrals', async () => {
    await renderPage();
    await screen.findByTestId('partner-summary');
    expect(within(screen.getByTestId('partner-link')).getByText('https://exchanger.test/?r=ANNA2026')).to.exist;
    expect(within(screen.getByTestId('partner-link')).getByRole('button', { name: /Copy/ })).to.exist;
    expect((await screen.findByTestId('payment-qr')).getAttribute('alt')).to.equal('QR code of your referral link');
    expect(text('partner-available')).to.equal('125.5\u00a0USDT');
    expect(text('partner-pending')).to.equal('10\u00a0USDT');
    expect(text('partner-percent')).to.equal('7.5 %');
    expect(text('partner-next-tier')).to.equal('13 more active referrals for 10 %');
    expect(text('partner-referrals')).to.equal('12 (active: 7)');
    expect(screen.getByTestId('partner-withdraw').getAttribute('href')).to.equal('/user-actions/withdraw');
    expect(screen.queryByTestId('partner-no-funds')).to.equal(null);
  });

  it('copies the referral link', async () => {
    const user = userEvent.setup();
    await renderPage();
    const box = await screen.findByTestId('partner-link');
    await user.click(within(box).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).to.equal('https://exchanger.test/?r=ANNA2026');
    expect(within(box).getByRole('button').textContent).to.equal('Copied');
  });

  it('shows an own percent and no funds: the withdraw link looks disabled with the spec message', async () => {
    api.on('GET /user/partner', ok(partnerSummary({ percent: '12', percentOverride: true, nextTier: null, available: '0' })));
    await renderPage();
    await screen.findByTestId('partner-summary');
    expect(text('partner-percent')).to.equal('12 %Your own percentage, set by the administration');
    expect(text('partner-next-tier')).to.equal('Your own percentage does not depend on the tiers');
    expect(screen.getByTestId('partner-withdraw').getAttribute('aria-disabled')).to.equal('true');
    expect(screen.getByTestId('partner-withdraw').hasAttribute('href')).to.equal(false);
    expect(text('partner-no-funds')).to.equal('No funds available for withdrawal');
  });

  it('lists referred exchanges with the spec columns and reward statuses, loads more by cursor, and lists withdrawals', async () => {
    api.on('GET /user/partner/exchanges', ({ query }) =>
      query.get('cursor') === 'p2'
        ? ok({ items: [referredExchange('UID3', { reward: null, rewardStatus: 'not_eligible' })], nextCursor: null })
        : ok({ items: [referredExchange('UID1'), referredExchange('UID2', { reward: '1.5', rewardStatus: 'pending', receivedAmount: null, status: 'progress' })], nextCursor: 'p2' }),
    );
    api.on('GET /user/partner/withdrawals', ok({ items: [withdrawal(5), withdrawal(4, { status: 'rejected', reason: 'Wrong wallet' })], nextCursor: null }));
    await renderPage();
    const table = await screen.findByTestId('partner-exchanges');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).to.deep.equal(['ID', 'Exchange', 'Received', 'Income', 'Date', 'Status', 'Actions', 'You receive']);
    expect(text('reward-UID1')).to.equal('3.25\u00a0USDTAvailable');
    expect(text('reward-UID2')).to.equal('1.5\u00a0USDTPending');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(text('reward-UID3')).to.equal('—Not eligible'));
    // The first page, then the cursor's (a socket connection may reload the first page once more).
    const queries = api.requests.filter((request) => request.path === '/user/partner/exchanges').map((request) => request.query ?? '');
    expect(queries[0]).to.equal('');
    expect(queries.filter((query) => query !== '')).to.deep.equal(['cursor=p2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).to.equal(null);
    expect(text('withdrawal-status-5')).to.equal('New');
    expect(text('withdrawal-4')).to.contain('Reason: Wrong wallet');
  });

  it('shows the empty tables, and a loading error with a retry', async () => {
    await useOfflineSocket();
    api.on('GET /user/partner', failure(500, 'internal_error', 'Something went wrong'));
    await renderPage();
    expect((await screen.findByTestId('partner-exchanges-empty')).textContent).to.equal('No referred exchanges yet.');
    expect((await screen.findByTestId('partner-withdrawals-empty')).textContent).to.equal('No withdrawal requests yet.');
    expect((await screen.findByTestId('partner-summary-error')).textContent).to.contain('Something went wrong');
    api.on('GET /user/partner', ok(partnerSummary()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('partner-summary');
  });

  it("updates live: `partner:changed` in the user's room reloads the balance and the tables", async () => {
    await renderPage();
    await screen.findByTestId('partner-summary');
    await waitFor(() => expect(sockets.connected()).to.equal(true), LIVE);
    api.on('GET /user/partner', ok(partnerSummary({ available: '128.75' })));
    api.on('GET /user/partner/exchanges', ok({ items: [referredExchange('UID9')], nextCursor: null }));
    act(() => void sockets.io.emit('partner:changed', { kind: 'reward' }));
    await waitFor(() => expect(text('partner-available')).to.equal('128.75\u00a0USDT'), LIVE);
    await screen.findByTestId('referred-UID9');
  });
});
