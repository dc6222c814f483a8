import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Server } from 'socket.io';
import type { SessionUser } from '../../../../common/api';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../common/events';
import { ORDER_STATUSES } from '../../../../common/enums';
import type { OperatorOrderDto } from '../../../../common/orders';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { operatorOrderFixture, boardListFixture } from '../../orders/testing/fixtures';
import { dayBound } from './board/dayBound';

/** The operator console against a real HTTP API and a real Socket.IO server (modules through `import()`, see AppRoutes.test.tsx). */
async function load() {
  const [page, client, queryClient, socketSource, session, ioClient, query, i18n] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('../../orders/socketSource'),
    import('../../stores/session'),
    import('socket.io-client'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { OperatorPage: page.default, ...client, ...queryClient, ...socketSource, ...session, io: ioClient.io, ...query, i18n: i18n.default };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let http: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let clientSocket: ReturnType<typeof m.io> | null;

const OPERATOR: SessionUser = {
  id: 7,
  email: 'op@example.com',
  firstName: null,
  secondName: null,
  role: 'operator',
  twoFactorEnabled: false,
  kycStatus: null,
};

const first = operatorOrderFixture({ uid: 'FIRST00001', id: 2, cardCheck: 'pending', cardPhoto: true });
const second = operatorOrderFixture({ uid: 'SECOND0001', id: 1, status: 'progress', receivedAmount: '356000.01', expiresAt: null });

/** Rendered inside act: the console loads its section lazily, and that update belongs to the render. */
async function renderPage() {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.OperatorPage params={{}} />
      </m.QueryClientProvider>,
    );
  });
  return view!;
}

/** Socket round trips on a loaded machine: more than testing-library's default second. */
const LIVE = { timeout: 5000 };

const row = (uid: string) => screen.getByTestId(`operator-order-${uid}`);
const uids = () => [...document.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-testid')?.replace('operator-order-', ''));
const emitOrder = (order: OperatorOrderDto) => act(() => void io.emit('operators:order', { uid: order.uid, status: order.status, order }));

describe('operator console', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({ 'GET /operator/orders': ok(boardListFixture([first, second], null)) });
    m.setApiBase(api.base);
    http = createServer();
    io = new Server(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    clientSocket = null;
    m.setOrderSocketSource(() => (clientSocket ??= m.io(url, { transports: ['websocket'] })));
    m.useSessionStore.setState({ user: OPERATOR, known: true });
  });

  afterEach(async () => {
    cleanup(); // unmounted before the session is cleared, so the page does not re-render after its test
    clientSocket?.disconnect();
    m.setOrderSocketSource(null);
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
    await io.close();
  });

  it('tells a signed-in user who is not an operator that the page is not for them', async () => {
    m.useSessionStore.setState({ user: { ...OPERATOR, role: 'user' }, known: true });
    await renderPage();
    expect(screen.getByRole('alert').textContent).to.equal('This page is for operators only.');
    expect(api.requests).to.deep.equal([]);
  });

  it('links the sections the role may open and shows the first one at /operator', async () => {
    await renderPage();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).to.deep.equal([
      ['Orders', '/operator/orders'],
      ['Reviews', '/operator/reviews'],
      ['Site reviews', '/operator/siteReviews'],
      ['Messages', '/operator/messages'],
      ['Withdrawals', '/operator/withdrawals'],
      ['Users', '/operator/users'],
      ['Blog', '/operator/blog'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).to.equal('page');
    await screen.findByTestId('operator-orders', {}, LIVE); // the first test to open the lazy section compiles it
  });

  it('answers an unknown section with the not-found page', async () => {
    render(<m.OperatorPage params={{ section: 'nowhere' }} />);
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).to.equal(null);
    expect(api.requests).to.deep.equal([]);
  });

  it('lists the orders with the card photo and the actions their state allows', async () => {
    await renderPage();
    await screen.findByTestId('operator-orders');
    expect(uids()).to.deep.equal(['FIRST00001', 'SECOND0001']);
    const photo = within(row('FIRST00001')).getByRole('img', { name: 'Card photo of order FIRST00001' });
    expect(photo.getAttribute('src')).to.equal(`${api.base}/operator/orders/FIRST00001/files/card`);
    expect(within(row('FIRST00001')).getByRole('button', { name: 'Approve card' })).to.exist;
    const progressButtons = within(screen.getByTestId('actions-SECOND0001')).getAllByRole('button').map((button) => button.textContent);
    expect(progressButtons).to.deep.equal(['Done', 'Hold', 'Warning', 'Error', 'Return']);
  });

  it('puts a new order on top and changes a status live, without reloading', async () => {
    await renderPage();
    await screen.findByTestId('operator-orders');
    await waitFor(() => expect(clientSocket?.connected).to.equal(true), LIVE);
    emitOrder(operatorOrderFixture({ uid: 'NEWEST0001', id: 3 }));
    await waitFor(() => expect(uids()).to.deep.equal(['NEWEST0001', 'FIRST00001', 'SECOND0001']), LIVE);
    emitOrder({ ...second, version: 2, status: 'done' });
    await waitFor(() => expect(within(row('SECOND0001')).getByTestId('operator-status').textContent).to.equal('Done: paid out'), LIVE);
    expect(api.requests.filter((request) => request.path === '/operator/orders')).to.have.length(1);
  });

  it("marks a new verified customer's order as priority when it arrives live, and keeps the mark through later changes", async () => {
    await renderPage();
    await screen.findByTestId('operator-orders');
    await waitFor(() => expect(clientSocket?.connected).to.equal(true), LIVE);
    const fresh = operatorOrderFixture({ uid: 'VERIFIED01', id: 4 });
    act(() => void io.emit('operators:order', { uid: fresh.uid, status: fresh.status, order: fresh, priority: true }));
    await waitFor(() => expect(screen.getByTestId('priority-VERIFIED01').textContent).to.equal('Priority'), LIVE);
    emitOrder({ ...fresh, version: 2, status: 'hold' });
    await waitFor(() => expect(row('VERIFIED01').getAttribute('data-status')).to.equal('hold'), LIVE);
    expect(screen.getByTestId('priority-VERIFIED01').textContent).to.equal('Priority');
    expect(screen.queryByTestId('priority-FIRST00001')).to.equal(null);
  });

  it('sends an action with its input and shows the answered order', async () => {
    api.on('POST /operator/orders/FIRST00001/received', ok({ ...first, version: 5, status: 'progress', receivedAmount: '356000.01', cardCheck: 'approved' }));
    await renderPage();
    await screen.findByTestId('operator-orders');
    await userEvent.click(within(row('FIRST00001')).getByRole('button', { name: 'Funds received' }));
    await waitFor(() => expect(within(row('FIRST00001')).getByTestId('operator-status').textContent).to.equal('In progress: funds received'));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).to.deep.equal([{ amount: '356000.01' }]);
  });

  it("shows the server's message when an action is refused", async () => {
    api.on('POST /operator/orders/SECOND0001/done', failure(409, 'insufficient_reserve', 'Insufficient reserve for this amount'));
    await renderPage();
    await screen.findByTestId('operator-orders');
    await userEvent.click(within(row('SECOND0001')).getByRole('button', { name: 'Done' }));
    expect((await within(row('SECOND0001')).findByRole('alert')).textContent).to.equal('Insufficient reserve for this amount');
  });

  for (const lang of ['en', 'ru'] as const) {
    it(`names every status of the filter in words of its own, never a raw code (${lang})`, async () => {
      await act(() => m.i18n.changeLanguage(lang));
      try {
        await renderPage();
        const options = [...within(screen.getByTestId('operator-filter')).getAllByRole('option')].filter((option) => option.getAttribute('value') !== '');
        expect(options.map((option) => option.getAttribute('value'))).to.deep.equal([...ORDER_STATUSES]);
        const labels = options.map((option) => option.textContent ?? '');
        expect(new Set(labels).size, labels.join(' | ')).to.equal(ORDER_STATUSES.length);
        for (const [index, label] of labels.entries()) {
          const status = ORDER_STATUSES[index];
          expect(label, status).to.match(lang === 'ru' ? /^[А-ЯЁ][а-яё :]+$/ : /^[A-Z][a-z :]+$/);
          expect(label.toLowerCase(), status).not.to.contain(`(${status})`);
          expect(label).to.equal(m.i18n.t(`order.operator.statuses.${status}`));
        }
      } finally {
        await act(() => m.i18n.changeLanguage('en'));
      }
    });
  }

  it('loads older orders by cursor and filters by status', async () => {
    let calls = 0;
    api.on('GET /operator/orders', () => (++calls === 1 ? ok(boardListFixture([first], 'c1')) : ok(boardListFixture([second], null))));
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(uids()).to.deep.equal(['FIRST00001', 'SECOND0001']));
    expect(screen.queryByRole('button', { name: 'Load more' })).to.equal(null);
    api.on('GET /operator/orders', ok(boardListFixture([], null)));
    await userEvent.selectOptions(screen.getByTestId('operator-filter'), 'done');
    expect(await screen.findByText('No orders found. Change the filter settings.')).to.exist;
  });

  it('filters by direction and by creation days, inclusive, in the URL and the request', async () => {
    window.history.replaceState(null, '', '/operator/orders');
    await renderPage();
    await screen.findByTestId('operator-orders');
    await userEvent.type(screen.getByLabelText('Gives (code)'), 'btc');
    await userEvent.type(screen.getByLabelText('Receives (code)'), 'sberrub');
    await userEvent.click(screen.getByLabelText('Created from')); // leaving the code field applies it
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-11-27' } });
    const expected = { from: 'BTC', to: 'SBERRUB', createdFrom: dayBound('2026-11-01', false), createdTo: dayBound('2026-11-27', true) };
    await waitFor(() => {
      const last = api.requests.filter((request) => request.path === '/operator/orders').at(-1);
      expect(Object.fromEntries(new URLSearchParams(last?.query ?? ''))).to.deep.equal(expected);
    });
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).to.deep.equal(expected);
    expect((screen.getByLabelText('Created to') as HTMLInputElement).value).to.equal('2026-11-27');
  });
});

describe('dayBound', () => {
  it('gives the first and the last millisecond of a calendar day in the given offset', () => {
    expect(dayBound('2026-11-27', false, 180)).to.equal('2026-11-27T00:00:00+03:00');
    expect(dayBound('2026-11-27', true, 180)).to.equal('2026-11-27T23:59:59.999+03:00');
    expect(dayBound('2026-11-27', true, -330)).to.equal('2026-11-27T23:59:59.999-05:30');
    expect(dayBound('2026-11-27', false, 0)).to.equal('2026-11-27T00:00:00+00:00');
    expect(dayBound('', false, 0)).to.equal('');
    expect(dayBound('27.11.2026', false, 0)).to.equal('');
  });
});
