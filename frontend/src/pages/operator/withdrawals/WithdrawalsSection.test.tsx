import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { startTestSocketServer, type TestSocketServer } from '../../../testing/socketServer';
import { operatorWithdrawal } from '../../userPartner/testing/fixtures';
import { loadConsole, renderConsoleSection, staffUser } from '../testing/console';

/** The console's withdrawal requests and referral settings against a real HTTP API and a real Socket.IO server. */
let m: Awaited<ReturnType<typeof loadConsole>>;
let api: TestApi;
let sockets: TestSocketServer;
const LIVE = { timeout: 5000 };
const SETTINGS = { tiers: [{ referrals: 0, percent: '5' }, { referrals: 5, percent: '7.5' }], holdDays: 0, minPayout: '10' };
const posts = () => api.requests.filter((request) => request.method === 'POST');

describe('console: withdrawals and referral settings', () => {
  before(async () => {
    m = await loadConsole();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /operator/withdrawals': ok({ items: [operatorWithdrawal(1), operatorWithdrawal(2, { status: 'processing' })], nextCursor: null }),
      'GET /admin/referral/settings': ok(SETTINGS),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: staffUser('operator'), known: true });
    sockets = await startTestSocketServer();
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
    await sockets.close();
  });

  it('lists new and processing requests with the full account, takes one into processing and marks another paid after a confirmation', async () => {
    api.on('POST /operator/withdrawals/1/processing', ok(operatorWithdrawal(1, { status: 'processing' })));
    api.on('POST /operator/withdrawals/2/paid', ok(operatorWithdrawal(2, { status: 'paid' })));
    await renderConsoleSection(m, 'withdrawals');
    await screen.findByTestId('withdrawals');
    expect(new Set(api.requests.filter((request) => request.method === 'GET').map((request) => request.query))).to.deep.equal(new Set(['status=new%2Cprocessing']));
    expect(screen.getByTestId('withdrawal-account-1').textContent).to.equal('TXa1b2c3d4e5f6g7h8i9j0k1l2m3n4o59fQz');
    expect(screen.getByTestId('withdrawal-1').textContent).to.contain('anna@example.com');
    await userEvent.click(screen.getByTestId('withdrawal-take-1'));
    await waitFor(() => expect(posts().map((request) => request.path)).to.deep.equal(['/operator/withdrawals/1/processing']));
    await userEvent.click(within(screen.getByTestId('withdrawal-2')).getByRole('button', { name: 'Mark paid' }));
    expect(posts().length).to.equal(1);
    await userEvent.click(within(screen.getByTestId('withdrawal-2')).getByRole('button', { name: 'Yes, paid' }));
    await waitFor(() => expect(posts().map((request) => request.path)).to.deep.equal(['/operator/withdrawals/1/processing', '/operator/withdrawals/2/paid']));
  });

  it('rejects with the reason typed in the dialog', async () => {
    api.on('POST /operator/withdrawals/1/reject', ok(operatorWithdrawal(1, { status: 'rejected', reason: 'Wrong wallet' })));
    await renderConsoleSection(m, 'withdrawals');
    await userEvent.click(await screen.findByTestId('withdrawal-reject-1'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('withdrawal-reject-confirm') as HTMLButtonElement).disabled).to.equal(true);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Wrong wallet');
    await userEvent.click(within(dialog).getByTestId('withdrawal-reject-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(posts().map((request) => [request.path, request.body])).to.deep.equal([['/operator/withdrawals/1/reject', { reason: 'Wrong wallet' }]]);
  });

  it('shows the empty state by filter and reloads live on operators:withdrawals', async () => {
    api.on('GET /operator/withdrawals', ok({ items: [], nextCursor: null }));
    await renderConsoleSection(m, 'withdrawals');
    expect((await screen.findByTestId('withdrawals-empty')).textContent).to.equal('No withdrawal requests under “New and processing”.');
    await waitFor(() => expect(sockets.connected()).to.equal(true), LIVE);
    api.on('GET /operator/withdrawals', ok({ items: [operatorWithdrawal(7)], nextCursor: null }));
    act(() => void sockets.io.emit('operators:withdrawals', { id: 7, status: 'new' }));
    await screen.findByTestId('withdrawal-7', undefined, LIVE);
  });

  it('hides the referral settings from operators and lets admins save the tier table, showing the server field errors', async () => {
    await renderConsoleSection(m, 'withdrawals');
    const nav = () => screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.include('Withdrawals').and.not.include('Referral programme');
    cleanup();
    m.useSessionStore.setState({ user: staffUser('admin'), known: true });
    let answer = failure(400, 'validation_error', 'Check the fields', { 'tiers[2].percent': 'At most 100' });
    api.on('PUT /admin/referral/settings', () => answer);
    await renderConsoleSection(m, 'referral');
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.include('Referral programme');
    await screen.findByTestId('referral-tiers');
    await userEvent.click(screen.getByTestId('referral-tier-add'));
    const row = screen.getByTestId('referral-tier-2');
    await userEvent.type(within(row).getByLabelText(/^Active referrals from/), '20');
    await userEvent.type(within(row).getByLabelText(/^Percentage/), '150');
    await userEvent.click(screen.getByTestId('referral-save'));
    expect(await within(row).findByText('At most 100')).to.exist;
    answer = ok({ ...SETTINGS, tiers: [...SETTINGS.tiers, { referrals: 20, percent: '10' }] });
    await userEvent.clear(within(row).getByLabelText(/^Percentage/));
    await userEvent.type(within(row).getByLabelText(/^Percentage/), '10');
    await userEvent.click(screen.getByTestId('referral-save'));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT').length).to.equal(2));
    expect(api.requests.filter((request) => request.method === 'PUT')[1]!.body).to.deep.equal({
      tiers: [{ referrals: 0, percent: '5' }, { referrals: 5, percent: '7.5' }, { referrals: 20, percent: '10' }],
      holdDays: 0,
      minPayout: '10',
    });
    await waitFor(() => expect(within(screen.getByTestId('referral-tier-2')).queryByText('At most 100')).to.equal(null));
  });
});
