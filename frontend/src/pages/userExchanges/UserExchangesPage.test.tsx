import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { formatMoney } from '../../../../common/money';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../common/events';
import type { UserExchangeDto } from '../../../../common/userExchanges';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';

/**
 * The history page against a real HTTP API and a real Socket.IO server standing in for the
 * user's room. Modules are loaded with `import()` (see router/AppRoutes.test.tsx).
 */
async function load() {
  const [page, client, queryClient, live, session, ioClient, query, wouter] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('./useUserExchanges'),
    import('../../stores/session'),
    import('socket.io-client'),
    import('@tanstack/react-query'),
    import('wouter'),
    import('../../../test/i18n'),
  ]);
  return { Page: page.default, ...client, ...queryClient, ...live, ...session, io: ioClient.io, ...query, Router: wouter.Router };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let http: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let clientSocket: ReturnType<typeof m.io> | null;
const LIVE = { timeout: 5000 };

function row(overrides: Partial<UserExchangeDto> = {}): UserExchangeDto {
  return {
    uid: 'K7M2Q9XA4B',
    version: 1,
    status: 'new',
    deleteReason: null,
    from: { code: 'BTC', name: 'Bitcoin', nameRu: null, currency: 'BTC', precision: 8 },
    to: { code: 'SBERRUB', name: 'Sberbank', nameRu: 'Сбербанк', currency: 'RUB', precision: 2 },
    rateType: 'fixed',
    amountSend: '0.015',
    amountReceive: '105000',
    receivedAmount: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function renderPage() {
  window.history.replaceState(null, '', '/user/exchanges');
  return render(
    <m.QueryClientProvider client={m.createQueryClient()}>
      <m.Router>
        <m.Page />
      </m.Router>
    </m.QueryClientProvider>,
  );
}

const statusOf = (uid: string) => within(screen.getByTestId(`exchange-${uid}`)).getByTestId('exchange-status').textContent;

describe('user exchanges page', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /user/exchanges': ({ query }) => (query.get('status') === 'all' ? ok({ rows: [row(), row({ uid: 'AAAABBBBCC', status: 'done', receivedAmount: '0.015' })], nextCursor: null }) : ok({ rows: [], nextCursor: null })),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: { id: 7, email: 'user@example.test', role: 'user' } as never, known: true });
    http = createServer();
    io = new Server(http);
    io.on('connection', (socket) => void socket.join('user:7'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    clientSocket = null;
    m.setUserExchangesSocketSource(() => (clientSocket ??= m.io(url, { transports: ['websocket'] })));
  });

  afterEach(async () => {
    clientSocket?.disconnect();
    m.setUserExchangesSocketSource(null);
    m.useSessionStore.setState({ user: null, known: false });
    m.setApiBase('/api');
    window.history.replaceState(null, '', '/');
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await api.close();
  });

  it('shows the orders with the spec columns and a repeat link with the pair and amount', async () => {
    renderPage();
    await screen.findByTestId('exchange-K7M2Q9XA4B');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).to.deep.equal(['ID', 'Exchange', 'Received', 'Your income', 'Date', 'Status', 'Actions']);
    const first = within(screen.getByTestId('exchange-K7M2Q9XA4B'));
    expect(first.getByText('Bitcoin → Sberbank')).to.exist;
    // Amounts in the side's currency, as the order page shows them, never the catalogue's code.
    expect(screen.getByTestId('exchange-K7M2Q9XA4B').textContent).to.include(formatMoney('105000', 'RUB')).and.not.include('SBERRUB');
    expect(statusOf('K7M2Q9XA4B')).to.equal('Waiting');
    expect(statusOf('AAAABBBBCC')).to.equal('Paid');
    const repeat = first.getByRole('link', { name: 'Repeat the exchange of order K7M2Q9XA4B' });
    expect(repeat.getAttribute('href')).to.equal('/?from=BTC&to=SBERRUB&amount=0.015');
    expect(api.requests.find((r) => r.path === '/user/exchanges')?.query).to.equal('status=all');
  });

  it('asks for the chosen filter and says to change the filter when nothing matches', async () => {
    renderPage();
    await screen.findByTestId('exchange-K7M2Q9XA4B');
    await userEvent.click(screen.getByRole('button', { name: 'Returned' }));
    expect((await screen.findByTestId('exchanges-empty')).textContent).to.contain('Change the filter settings.');
    expect(screen.getByRole('button', { name: 'Returned' }).getAttribute('aria-pressed')).to.equal('true');
    expect(api.requests.filter((r) => r.path === '/user/exchanges').map((r) => r.query)).to.include('status=returned');
    expect(screen.queryByTestId('exchange-K7M2Q9XA4B')).to.equal(null);
  });

  it('applies a live change by version: a newer status shows, an older one is ignored', async () => {
    renderPage();
    await screen.findByTestId('exchange-K7M2Q9XA4B');
    await waitFor(() => expect(clientSocket?.connected).to.equal(true), LIVE);
    await waitFor(async () => expect((await io.in('user:7').fetchSockets()).length).to.equal(1), LIVE);
    act(() => void io.to('user:7').emit('user:exchange', row({ version: 3, status: 'hold' })));
    await waitFor(() => expect(statusOf('K7M2Q9XA4B')).to.equal('Frozen'), LIVE);
    act(() => void io.to('user:7').emit('user:exchange', row({ version: 2, status: 'progress' })));
    act(() => void io.to('user:7').emit('user:exchange', row({ uid: 'NEWNEWNEW1', version: 1 })));
    await screen.findByTestId('exchange-NEWNEWNEW1', undefined, LIVE);
    expect(statusOf('K7M2Q9XA4B')).to.equal('Frozen');
  });

  it('opens the order page by the link the server gives the owner', async () => {
    api.on('GET /user/exchanges/K7M2Q9XA4B/link', ok({ url: '/order/K7M2Q9XA4B/secret-of-the-owner' }));
    renderPage();
    await screen.findByTestId('exchange-K7M2Q9XA4B');
    await userEvent.click(screen.getByRole('button', { name: 'Open order K7M2Q9XA4B' }));
    await waitFor(() => expect(window.location.pathname).to.equal('/order/K7M2Q9XA4B/secret-of-the-owner'));
  });

  it('shows a failed load with a retry', async () => {
    // No live connection here: its (re)connection refetches the list, and one landing between the
    // failure and the click raced the retry on a busy CI machine. The retry alone is under test.
    const idle = m.io('http://127.0.0.1:9', { autoConnect: false });
    m.setUserExchangesSocketSource(() => idle);
    api.on('GET /user/exchanges', failure(500, 'internal_error', 'Something went wrong'));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).to.contain('Something went wrong');
    api.on('GET /user/exchanges', ok({ rows: [row()], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('exchange-K7M2Q9XA4B');
  });
});
