import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { SessionUser } from '../../../../../common/api';
import type { BoardOrderDrawer, BoardOrderRow } from '../../../../../common/board';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { operatorOrderFixture } from '../../../orders/testing/fixtures';

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
const BOARD = { assignedTo: null, assignedAt: null, seen: false, escalated: false, escalatedAt: null, escalationReason: null };
const row: BoardOrderRow = { ...operatorOrderFixture({ uid: 'BOARD00001', id: 9, cardCheck: 'pending', cardPhoto: true }), ...BOARD };
const drawer: BoardOrderDrawer = {
  ...row,
  seen: true,
  notesCount: 0,
  rateAtCreation: '356',
  marketRate: '360',
  rateAtReceipt: null,
  profit: '4000',
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
      'GET /operator/orders': ok({ orders: [row], nextCursor: null }),
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
    expect(screen.getByTestId('operator-csv').getAttribute('href')).to.equal(`${api.base}/operator/orders.csv?status=new&assigned=me`);
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

  it('opens the drawer with rates, profit and files, and marks the order seen', async () => {
    await renderBoard();
    await screen.findByTestId('operator-orders');
    await userEvent.click(screen.getByTestId('open-BOARD00001'));
    const panel = await screen.findByTestId('order-drawer');
    await waitFor(() => expect(within(panel).getByTestId('field-profit').textContent).to.contain('4000'));
    expect(within(panel).getByTestId('field-marketRate').textContent).to.contain('360');
    expect(within(panel).getByRole('img').getAttribute('src')).to.equal(drawer.fileLinks.card);
    await waitFor(() => expect(screen.getByTestId('operator-order-BOARD00001').className).to.not.contain('operator-row--unseen'));
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/operator/orders/BOARD00001/seen')).to.equal(true);
  });
});
