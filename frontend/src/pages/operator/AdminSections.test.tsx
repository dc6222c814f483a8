import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { BlacklistEntryDto } from '../../../../common/blacklist';
import type { AdminUserDto, AdminUserSummaryDto } from '../../../../common/usersAdmin';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from './testing/console';
import { operatorOrderFixture, boardListFixture } from '../../orders/testing/fixtures';

/** The console's blacklist and users sections against a real HTTP test API (see OperatorPage.test.tsx). */
const load = loadConsole;

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const staff = (role: 'operator' | 'admin') => staffUser(role, { id: 7 });

const wallet: BlacklistEntryDto = { id: 11, kind: 'wallet', value: 'bc1qbad', last4: null, action: 'refuse', reason: 'stolen funds', createdById: 7, createdAt: '2026-01-02T10:00:00.000Z' };
const card: BlacklistEntryDto = { id: 12, kind: 'card', value: null, last4: '4242', action: 'hold', reason: 'chargebacks', createdById: 7, createdAt: '2026-01-02T11:00:00.000Z' };

const summary: AdminUserSummaryDto = {
  id: 42,
  email: 'olga@example.com',
  firstName: 'Olga',
  secondName: 'Petrova',
  role: 'user',
  status: 'active',
  twoFactorEnabled: false,
  kycStatus: 'check',
  createdAt: '2026-01-01T09:00:00.000Z',
};
const detail: AdminUserDto = {
  ...summary,
  phone: null,
  lang: 'ru',
  blockedUntil: null,
  activatedAt: '2026-01-01T09:05:00.000Z',
  orders: [{ uid: 'ORDERUID01', status: 'done', fromCode: 'BTC', toCode: 'SBERRUB', amountSend: '0.1', amountReceive: '700000', createdAt: '2026-01-03T09:00:00.000Z' }],
  sessions: [
    { id: 'sessPhone0000001', createdAt: '2026-01-04T08:00:00.000Z', lastSeenAt: '2026-01-04T09:30:00.000Z', ip: '203.0.113.7', userAgent: 'PhoneBrowser/1.0', current: false },
    { id: 'sessLaptop000002', createdAt: '2026-01-02T08:00:00.000Z', lastSeenAt: '2026-01-04T09:00:00.000Z', ip: '198.51.100.4', userAgent: 'LaptopBrowser/2.0', current: true },
  ],
};

const renderSection = (section: string) => renderConsoleSection(m, section);

describe('console: blacklist and users sections', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /admin/blacklist': ok({ entries: [card, wallet], nextCursor: null }),
      'GET /admin/users': ok({ users: [summary], nextCursor: null }),
      'GET /admin/users/42': ok(detail),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: staff('admin'), known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('links users for operators and users plus blacklist for admins', async () => {
    m.useSessionStore.setState({ user: staff('operator'), known: true });
    await renderSection('users');
    const nav = () => screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.include.members(['Orders', 'Users']).and.not.include('Blacklist');
    cleanup();
    m.useSessionStore.setState({ user: staff('admin'), known: true });
    await renderSection('users');
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.include.members(['Orders', 'Users', 'Blacklist']);
  });

  it('shows staff why the blacklist held an order', async () => {
    const held = operatorOrderFixture({ uid: 'HELD000001', status: 'hold', blacklistMatch: { kind: 'email', reason: 'known fraudster', entryId: 5 } });
    api.on('GET /operator/orders', ok(boardListFixture([held], null)));
    await renderSection('orders');
    expect((await screen.findByTestId('operator-blacklist-match')).textContent).to.equal('Blacklist: Email — known fraudster (entry #5)');
  });

  it('keeps the blacklist from operators', async () => {
    m.useSessionStore.setState({ user: staff('operator'), known: true });
    await renderSection('blacklist');
    expect(screen.getByRole('alert').textContent).to.equal('Your role cannot open this section.');
    expect(api.requests).to.deep.equal([]);
  });

  it('lists entries, a card only by its last four digits', async () => {
    await renderSection('blacklist');
    const list = await screen.findByTestId('blacklist-entries');
    expect(within(list).getByTestId('blacklist-entry-12').textContent).to.include('card ending 4242');
    expect(within(list).getByTestId('blacklist-entry-11').textContent).to.include('bc1qbad');
    expect(within(list).getByTestId('blacklist-entry-11').textContent).to.include('stolen funds');
  });

  it('adds an entry with kind, action and reason, and shows field errors from the server', async () => {
    api.on('POST /admin/blacklist', ({ body }) =>
      (body as { value: string }).value === 'bad' ? failure(400, 'validation_failed', 'Check the fields', { value: 'Value is incorrect' }) : ok({ ...wallet, id: 13 }),
    );
    await renderSection('blacklist');
    const form = await screen.findByTestId('blacklist-form');
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'ip');
    expect(form.textContent).to.include('CIDR range');
    await userEvent.type(within(form).getByLabelText(/^Value/), 'bad');
    await userEvent.selectOptions(within(form).getByLabelText('Action'), 'hold');
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'fraud ring');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findByRole('alert')).textContent).to.equal('Value is incorrect');
    await userEvent.clear(within(form).getByLabelText(/^Value/));
    await userEvent.type(within(form).getByLabelText(/^Value/), '203.0.113.0/24');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('status')).to.exist;
    const posts = api.requests.filter((request) => request.method === 'POST').map((request) => request.body);
    expect(posts.at(-1)).to.deep.equal({ kind: 'ip', value: '203.0.113.0/24', action: 'hold', reason: 'fraud ring' });
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/admin/blacklist' && request.method === 'GET')).to.have.length.above(1));
  });

  it('removes an entry only after a confirmation', async () => {
    api.on('DELETE /admin/blacklist/11', ok(null));
    await renderSection('blacklist');
    const entry = await screen.findByTestId('blacklist-entry-11');
    await userEvent.click(within(entry).getByRole('button', { name: 'Remove' }));
    expect(api.requests.some((request) => request.method === 'DELETE')).to.equal(false);
    const dialog = within(entry).getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(entry).queryByRole('alertdialog')).to.equal(null);
    await userEvent.click(within(entry).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(entry).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).to.deep.equal(['/admin/blacklist/11']));
  });

  it('shows the empty and the error state', async () => {
    api.on('GET /admin/blacklist', ok({ entries: [], nextCursor: null }));
    await renderSection('blacklist');
    expect((await screen.findByTestId('blacklist-empty')).textContent).to.equal('The list is empty.');
    cleanup();
    api.on('GET /admin/users', failure(403, 'forbidden', 'Access denied'));
    await renderSection('users');
    expect((await screen.findByRole('alert')).textContent).to.equal('Access denied');
  });

  it('lets an operator search and view a user read-only: orders, sessions, KYC, no change buttons', async () => {
    m.useSessionStore.setState({ user: staff('operator'), known: true });
    await renderSection('users');
    await userEvent.type(await screen.findByTestId('users-search'), 'olga');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await within(await screen.findByTestId('users-row-42')).findByRole('button'));
    const profile = await screen.findByTestId('user-profile');
    expect(within(profile).getByTestId('user-kyc').textContent).to.equal('Under review');
    expect(screen.getByTestId('user-orders').textContent).to.include('ORDERUID01');
    const sessions = screen.getByTestId('user-sessions');
    expect(within(sessions).getByTestId('user-session-sessPhone0000001').textContent).to.include('PhoneBrowser/1.0').and.include('203.0.113.7');
    expect(within(sessions).queryByRole('button', { name: 'End session' })).to.equal(null);
    expect(screen.queryByTestId('user-actions')).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Block' })).to.equal(null);
    expect(screen.getByText('Only administrators can change users.')).to.exist;
  });

  it('lets an admin block and change the role after a confirmation, and shows a refusal', async () => {
    api.on('POST /admin/users/42/block', ok({ ...detail, status: 'blocked', sessions: [] }));
    api.on('PUT /admin/users/42/role', failure(409, 'last_admin', 'This would leave no active administrator'));
    await renderSection('users');
    await userEvent.click(await within(await screen.findByTestId('users-row-42')).findByRole('button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    expect(api.requests.some((request) => request.method === 'POST')).to.equal(false);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).to.include('Block olga@example.com?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('user-status').textContent).to.equal('Blocked'));
    expect(screen.getByRole('button', { name: 'Unblock' })).to.exist;
    await userEvent.selectOptions(screen.getByTestId('user-role-select'), 'operator');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('This would leave no active administrator');
    expect(api.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.body])).to.deep.equal([
      ['POST', '/admin/users/42/block', {}],
      ['PUT', '/admin/users/42/role', { role: 'operator' }],
    ]);
  });

  it('shows the sessions table, marks this session, and lets an admin end another after a confirmation', async () => {
    api.on('DELETE /admin/users/42/sessions/sessPhone0000001', ok({ ...detail, sessions: detail.sessions.slice(1) }));
    await renderSection('users');
    await userEvent.click(await within(await screen.findByTestId('users-row-42')).findByRole('button'));
    const table = await screen.findByTestId('user-sessions');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).to.deep.equal(['Device', 'IP address', 'Signed in', 'Last seen', 'Actions']);
    const phone = within(table).getByTestId('user-session-sessPhone0000001');
    const laptop = within(table).getByTestId('user-session-sessLaptop000002');
    expect(within(laptop).getByTestId('user-session-current').textContent).to.equal('This session');
    expect(within(phone).queryByTestId('user-session-current')).to.equal(null);
    expect(within(laptop).queryByRole('button', { name: 'End session' })).to.equal(null);
    expect(phone.querySelectorAll('time')[1]!.getAttribute('datetime')).to.equal('2026-01-04T09:30:00.000Z');

    await userEvent.click(within(phone).getByRole('button', { name: 'End session' }));
    const dialog = within(phone).getByRole('alertdialog');
    expect(dialog.textContent).to.include('End the session of olga@example.com on “PhoneBrowser/1.0”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((request) => request.method === 'DELETE')).to.equal(false);
    await userEvent.click(within(phone).getByRole('button', { name: 'End session' }));
    await userEvent.click(within(phone).getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() => expect(screen.queryByTestId('user-session-sessPhone0000001')).to.equal(null));
    expect(screen.getByTestId('user-session-sessLaptop000002')).to.exist;
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).to.deep.equal(['/admin/users/42/sessions/sessPhone0000001']);
  });

  it('shows an empty sessions state and a refusal to end one', async () => {
    api.on('GET /admin/users/42', ok({ ...detail, sessions: [] }));
    await renderSection('users');
    await userEvent.click(await within(await screen.findByTestId('users-row-42')).findByRole('button'));
    expect((await screen.findByTestId('user-sessions-empty')).textContent).to.equal('No active sessions.');
    cleanup();
    api.on('GET /admin/users/42', ok(detail));
    api.on('DELETE /admin/users/42/sessions/sessPhone0000001', failure(404, 'not_found', 'Not found'));
    await renderSection('users');
    await userEvent.click(await within(await screen.findByTestId('users-row-42')).findByRole('button'));
    const phone = await screen.findByTestId('user-session-sessPhone0000001');
    await userEvent.click(within(phone).getByRole('button', { name: 'End session' }));
    await userEvent.click(within(phone).getByRole('button', { name: 'Yes, end it' }));
    expect((await within(phone).findByRole('alert')).textContent).to.equal('Not found');
  });
});
