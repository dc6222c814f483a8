import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { SessionUser } from '../../../../../common/api';
import type { BoardOrderDrawer, BoardOrderRow } from '../../../../../common/board';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { operatorOrderFixture, boardListFixture } from '../../../orders/testing/fixtures';

/** The board page against a real HTTP test API (no socket: live updates are OperatorPage.test.tsx's). */
async function load() {
  const [page, client, queryClient, session, query] = await Promise.all([
    import('../index'),
    import('../../../api/client'),
    import('../../../api/queryClient'),
    import('../../../stores/session'),
    import('@tanstack/react-query'),
    import('../../../../test/i18n'),
  ]);
  return { OperatorPage: page.default, ...client, ...queryClient, ...session, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
const OPERATOR: SessionUser = { id: 7, email: 'op@example.com', firstName: null, secondName: null, role: 'operator', twoFactorEnabled: false, kycStatus: null };
const ADMIN: SessionUser = { ...OPERATOR, id: 1, email: 'admin@example.com', role: 'admin' };
const staffUser = (id: number, email: string, role: 'operator' | 'admin') => ({
  id,
  email,
  firstName: null,
  secondName: null,
  role,
  status: 'active',
  twoFactorEnabled: true,
  kycStatus: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const BOARD = { assignedTo: null, assignedAt: null, seen: false, escalated: false, escalatedAt: null, escalationReason: null, priority: false };
const row: BoardOrderRow = { ...operatorOrderFixture({ uid: 'BOARD00001', id: 9, cardCheck: 'pending', cardPhoto: true }), ...BOARD };
const drawer: BoardOrderDrawer = {
  ...row,
  seen: true,
  history: operatorOrderFixture().history,
  payment: null,
  notesCount: 0,
  rateAtCreation: '356',
  marketRate: '360',
  rateAtReceipt: null,
  profit: '4000',
  profitUsdt: '50.5',
  fileLinks: { card: '/api/operator/orders/BOARD00001/signed/card?expires=1&sig=x', receipt: null },
};

async function renderBoard() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.OperatorPage params={{ section: 'orders' }} />
      </m.QueryClientProvider>,
    );
  });
}

describe('order board (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /operator/orders': ok(boardListFixture([row], null)),
      'GET /operator/orders/BOARD00001': ok(drawer),
      'GET /operator/orders/BOARD00001/notes': ok({ notes: [] }),
      'POST /operator/orders/BOARD00001/seen': ok({ ...row, seen: true }),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: OPERATOR, known: true });
    window.history.replaceState(null, '', '/operator/orders');
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('keeps the filters in the URL and links the CSV of the current filter', async () => {
    window.history.replaceState(null, '', '/operator/orders?assigned=me&status=new');
    await renderBoard();
    await screen.findByTestId('operator-orders');
    expect((screen.getByTestId('filter-assigned') as HTMLSelectElement).value).to.equal('me');
    expect(screen.getByTestId('operator-csv').getAttribute('href')).to.equal(`${api.base}/operator/orders.csv?status=new&assigned=me&lang=en`);
    await userEvent.selectOptions(screen.getByTestId('filter-seen'), 'no');
    await waitFor(() => expect(window.location.search).to.equal('?status=new&assigned=me&seen=no'));
  });

  it("shows an unseen row bold and the server's message when a claim is lost", async () => {
    api.on('POST /operator/orders/BOARD00001/claim', failure(409, 'order_claimed', 'The order is already taken by a@example.com'));
    await renderBoard();
    await screen.findByTestId('operator-orders');
    expect(screen.getByTestId('operator-order-BOARD00001').className).to.contain('operator-row--unseen');
    await userEvent.click(screen.getByTestId('claim-BOARD00001'));
    expect((await screen.findByTestId('claim-error-BOARD00001')).textContent).to.equal('The order is already taken by a@example.com');
  });

  it("marks a verified customer's order as priority, and no other", async () => {
    const verified: BoardOrderRow = { ...operatorOrderFixture({ uid: 'BOARD00002', id: 10 }), ...BOARD, priority: true };
    api.on('GET /operator/orders', ok(boardListFixture([verified, row], null)));
    await renderBoard();
    await screen.findByTestId('operator-orders');
    expect(screen.getByTestId('priority-BOARD00002').textContent).to.equal('Priority');
    expect(screen.queryByTestId('priority-BOARD00001')).to.equal(null);
  });

  async function openDrawer() {
    await renderBoard();
    await screen.findByTestId('operator-orders');
    await userEvent.click(screen.getByTestId('open-BOARD00001'));
    const panel = await screen.findByTestId('order-drawer');
    await within(panel).findByTestId('field-profit');
    return panel;
  }

  it('lets an admin reassign the order to an active staff member: the row updates, a refusal shows', async () => {
    m.useSessionStore.setState({ user: ADMIN, known: true });
    api.on('GET /admin/users', ok({ users: [staffUser(12, 'bob@example.com', 'operator'), staffUser(1, 'admin@example.com', 'admin')], nextCursor: null }));
    api.on('POST /operator/orders/BOARD00001/reassign', ({ body }) =>
      (body as { userId: number }).userId === 12
        ? ok({ ...row, seen: true, assignedTo: { id: 12, email: 'bob@example.com' }, assignedAt: '2026-01-01T00:00:00.000Z' })
        : failure(400, 'validation_failed', 'Choose an active staff member'),
    );
    const panel = await openDrawer();
    const select = (await within(panel).findByTestId('reassign-select')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).to.equal(false));
    expect([...select.options].map((option) => option.textContent)).to.deep.equal(['Choose a staff member', 'bob@example.com (Operator)', 'admin@example.com (Administrator)']);
    const staffQuery = api.requests.find((request) => request.path === '/admin/users')?.query ?? '';
    expect(Object.fromEntries(new URLSearchParams(staffQuery))).to.include({ role: 'operator,admin', status: 'active' });

    await userEvent.selectOptions(select, '12');
    await userEvent.click(within(panel).getByTestId('reassign-submit'));
    await waitFor(() => expect(within(screen.getByTestId('operator-order-BOARD00001')).getByTestId('assigned-to').textContent).to.equal('bob@example.com'));
    expect(api.requests.filter((request) => request.path === '/operator/orders/BOARD00001/reassign').map((request) => request.body)).to.deep.equal([{ userId: 12 }]);

    await userEvent.selectOptions(select, '1');
    await userEvent.click(within(panel).getByTestId('reassign-submit'));
    expect((await within(panel).findByRole('alert')).textContent).to.equal('Choose an active staff member');
  });

  it('offers an admin the reverse of a done order with its reason; an operator never sees it', async () => {
    const done: BoardOrderDrawer = { ...drawer, status: 'done', cardCheck: 'approved', receivedAmount: drawer.amountSend };
    api.on('GET /operator/orders/BOARD00001', ok(done));
    const panel = await openDrawer();
    await waitFor(() => expect(within(panel).getByTestId('field-status').textContent).to.equal('StatusDone: paid out'));
    expect(within(panel).queryByTestId('action-reverse')).to.equal(null);
    cleanup();

    m.useSessionStore.setState({ user: ADMIN, known: true });
    api.on('GET /admin/users', ok({ users: [], nextCursor: null }));
    api.on('POST /operator/orders/BOARD00001/reverse', ({ body }) =>
      (body as { reason?: string }).reason ? ok({ ...done, status: 'returned' }) : failure(400, 'validation_failed', 'Required'),
    );
    const adminPanel = await openDrawer();
    const button = await within(adminPanel).findByTestId('action-reverse');
    expect(button.textContent).to.equal('Reverse (return a done order)');
    await userEvent.type(within(adminPanel).getByRole('textbox', { name: 'Reason' }), 'chargeback');
    await userEvent.click(button);
    // It asks first: nothing is sent until confirmed.
    const question = await within(adminPanel).findByRole('alertdialog', { name: 'Reverse (return a done order) order BOARD00001?' });
    expect(api.requests.some((request) => request.path === '/operator/orders/BOARD00001/reverse')).to.equal(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/operator/orders/BOARD00001/reverse').map((request) => request.body)).to.deep.equal([{ reason: 'chargeback' }]));
  });

  it('asks before deleting an order (cancel sends nothing), and rejects a card with the reason the customer sees', async () => {
    const pending: BoardOrderDrawer = { ...drawer, status: 'new', cardCheck: 'pending', confirmedAt: null };
    api.on('GET /operator/orders/BOARD00001', ok(pending));
    api.on('POST /operator/orders/BOARD00001/delete', ok({ ...pending, status: 'deleted' }));
    api.on('POST /operator/orders/BOARD00001/card-reject', ok({ ...pending, cardCheck: 'rejected' }));
    const panel = await openDrawer();
    const sent = (action: string) => api.requests.filter((request) => request.path === `/operator/orders/BOARD00001/${action}`).map((request) => request.body);

    await userEvent.click(await within(panel).findByTestId('action-delete'));
    await userEvent.click(within(await within(panel).findByRole('alertdialog', { name: 'Delete order BOARD00001?' })).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('alertdialog')).to.equal(null);
    expect(sent('delete')).to.deep.equal([]);

    await userEvent.click(within(panel).getByTestId('action-card-reject'));
    const question = await within(panel).findByRole('alertdialog', { name: 'Reject card order BOARD00001?' });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Reason the customer sees (blank: the standard text)' }), 'The number is cut off');
    expect(sent('card-reject')).to.deep.equal([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(sent('card-reject')).to.deep.equal([{ reason: 'The number is cut off' }]));
  });

  it('shows no reassign control to an operator, and asks for no staff list', async () => {
    const panel = await openDrawer();
    expect(within(panel).queryByTestId('reassign')).to.equal(null);
    expect(api.requests.some((request) => request.path === '/admin/users')).to.equal(false);
  });

  it('opens the drawer with rates, profit and files, and marks the order seen', async () => {
    await renderBoard();
    await screen.findByTestId('operator-orders');
    await userEvent.click(screen.getByTestId('open-BOARD00001'));
    const panel = await screen.findByTestId('order-drawer');
    // Amounts and rates as the customer's page writes them: grouped, with the currency; a rate as `1 RUB = 356 BTC`.
    await waitFor(() => expect(within(panel).getByTestId('field-profit').textContent).to.equal('Profit4\u00a0000\u00a0BTC'));
    expect(within(panel).getByTestId('field-profitUsdt').textContent).to.equal('Profit in USDT (fixed when done)50.5\u00a0USDT');
    expect(within(panel).getByTestId('field-rateAtCreation').textContent).to.equal('Rate at creation1\u00a0RUB = 356\u00a0BTC');
    expect(within(panel).getByTestId('field-marketRate').textContent).to.equal('Market rate1\u00a0RUB = 360\u00a0BTC');
    expect(drawer.amountSend).to.equal('356000.01');
    expect(within(panel).getByTestId('field-send').textContent).to.equal('Sends356\u00a0000.01\u00a0RUB');
    expect(within(panel).getByTestId('field-cardCheck').textContent).to.match(/^Card check(not required|photo awaited|check the photo|approved|rejected)$/);
    // The history names each step and status in words, in the page's language.
    expect(within(panel).getByTestId('drawer-history').textContent).to.contain('Order created (— → New)');
    expect(within(panel).getByRole('img').getAttribute('src')).to.equal(drawer.fileLinks.card);
    await waitFor(() => expect(screen.getByTestId('operator-order-BOARD00001').className).to.not.contain('operator-row--unseen'));
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/operator/orders/BOARD00001/seen')).to.equal(true);
  });

  it('explains each missing rate and a missing profit beside its dash, in both languages', async () => {
    api.on('GET /operator/orders/BOARD00001', ok({ ...drawer, marketRate: null, rateAtReceipt: null, profit: null, profitUsdt: null }));
    await renderBoard();
    await screen.findByTestId('operator-orders');
    await userEvent.click(screen.getByTestId('open-BOARD00001'));
    const panel = await screen.findByTestId('order-drawer');
    const field = (key: string) => within(panel).getByTestId(`field-${key}`).textContent;
    await waitFor(() => expect(field('marketRate')).to.equal('Market rate— not recorded when the order was created'));
    expect(field('rateAtReceipt')).to.equal('Rate at receipt— the funds have not been received yet');
    expect(field('profit')).to.equal('Profit— no market rate to count it from');
    expect(field('profitUsdt')).to.equal('Profit in USDT (fixed when done)— fixed when the order is done, if prices are known then');
    const i18n = (await import('../../../../test/i18n')).default;
    await act(() => i18n.changeLanguage('ru'));
    try {
      await waitFor(() => expect(field('marketRate')).to.equal('Рыночный курс— не записан при создании заявки'));
      expect(field('rateAtReceipt')).to.equal('Курс при поступлении— средства ещё не поступили');
      expect(field('profit')).to.equal('Прибыль— нет рыночного курса для расчёта');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
