import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Server, type Socket as ServerSocket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../common/events';
import type { OrderDto } from '../../../../common/orders';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { orderFixture, PAYMENT } from '../../orders/testing/fixtures';

/**
 * The order page against a real HTTP API (the fixtures) and a real Socket.IO server standing in
 * for the backend's order room. Modules are loaded with `import()` (see router/AppRoutes.test.tsx).
 */
async function load() {
  const [page, client, queryClient, socketSource, alerts, ioClient, query, wouter] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('../../orders/socketSource'),
    import('../../accounts/alerts'),
    import('socket.io-client'),
    import('@tanstack/react-query'),
    import('wouter'),
    import('../../../test/i18n'),
  ]);
  return { OrderPage: page.default, ...client, ...queryClient, ...socketSource, ...alerts, io: ioClient.io, ...query, Router: wouter.Router };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let http: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let joins: { uid: string; secret: string }[];
let joinAnswer: () => OrderDto;
let clientSocket: ReturnType<typeof m.io> | null;

const UID = 'K7M2Q9XA4B';
const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQ';
const ORDER_PATH = `GET /orders/${UID}/${SECRET}`;

function renderPage() {
  return render(
    <m.QueryClientProvider client={m.createQueryClient()}>
      <m.Router>
        <m.OrderPage params={{ uid: UID, secret: SECRET }} />
      </m.Router>
    </m.QueryClientProvider>,
  );
}

const NBSP = '\u00a0';
/** Socket round trips on a loaded machine: more than testing-library's default second. */
const LIVE = { timeout: 5000 };
const status = () => screen.getByTestId('order-status').textContent;

describe('order page', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    joins = [];
    joinAnswer = () => orderFixture();
    api = await startTestApi({ [ORDER_PATH]: ok(orderFixture()) });
    m.setApiBase(api.base);
    http = createServer();
    io = new Server(http);
    io.on('connection', (socket: ServerSocket<ClientToServerEvents, ServerToClientEvents>) => {
      socket.on('order:join', (payload, ack) => {
        joins.push(payload);
        void socket.join(`order:${payload.uid}`);
        ack({ data: joinAnswer() });
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    clientSocket = null;
    m.setOrderSocketSource(() => (clientSocket ??= m.io(url, { transports: ['websocket'] })));
    m.useAlerts.setState({ alerts: [] });
  });

  afterEach(async () => {
    clientSocket?.disconnect();
    m.setOrderSocketSource(null);
    m.setApiBase('/api');
    await api.close();
    await io.close();
  });

  it('lists every detail of the order on the confirm step, with Confirm and Cancel', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: `Order no. ${UID}` })).to.exist;
    expect(status()).to.equal('Status: Waiting');
    expect(screen.getByRole('heading', { name: 'Check the details and confirm' })).to.exist;
    const details = screen.getByRole('region', { name: 'Order details' });
    for (const text of [UID, 'Sberbank', 'Bitcoin', 'client@example.com', '4111111111111111', 'IVAN PETROV', 'Please hurry']) {
      expect(details.textContent).to.contain(text);
    }
    expect(within(details).getByTestId('order-rate').textContent).to.equal(`Rate7${NBSP}142${NBSP}857.14${NBSP}RUB = 1${NBSP}BTC`);
    expect(within(details).getByTestId('order-rate-rule').textContent).to.match(/^Fixed rate: locked until /);
    expect(screen.getByRole('button', { name: 'Confirm' })).to.exist;
    expect(screen.getByRole('button', { name: 'Cancel the order' })).to.exist;
  });

  it('names the market rule of a floating order in words, not by its code', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ rateType: 'float', rateLockedUntil: null, rateSource: 'market' })));
    renderPage();
    expect((await screen.findByTestId('order-rate-rule')).textContent).to.equal(
      'The rate may change until the funds arrive; it follows the market rate at the moment your funds are received',
    );
  });

  it('says a floating rate may change until the funds arrive, and whose rate it follows', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ rateType: 'float', rateLockedUntil: null, rateSource: 'Binance' })));
    renderPage();
    expect((await screen.findByTestId('order-rate-rule')).textContent).to.equal(
      'The rate may change until the funds arrive; it follows Binance',
    );
  });

  it('joins the order room and takes the join answer when it is newer', async () => {
    joinAnswer = () => orderFixture({ version: 2, step: 'verify_card', confirmedAt: '2026-11-21T12:01:00.000Z' });
    renderPage();
    await screen.findByRole('heading', { name: 'Verify the card' }, LIVE);
    expect(joins).to.deep.equal([{ uid: UID, secret: SECRET }]);
  });

  it('replaces the order on order:status without a reload, never going back to an older version', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Check the details and confirm' });
    await waitFor(() => expect(joins).to.have.length(1), LIVE);
    const progress = orderFixture({ version: 5, status: 'progress', step: 'processing', receivedAmount: '356000.01', expiresAt: null });
    act(() => void io.to(`order:${UID}`).emit('order:status', { uid: UID, status: 'progress', order: progress }));
    await waitFor(() => expect(status()).to.equal('Status: Payment received'), LIVE);
    const stale = orderFixture({ version: 4, status: 'new' });
    act(() => void io.to(`order:${UID}`).emit('order:status', { uid: UID, status: 'new', order: stale }));
    act(() => void io.to(`order:${UID}`).emit('order:status', { uid: 'OTHER', status: 'done', order: { ...progress, uid: 'OTHER', version: 9, status: 'done' } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(status()).to.equal('Status: Payment received');
    expect(screen.queryByTestId('order-countdown')).to.equal(null);
  });

  it('shows the time left from order:tick', async () => {
    renderPage();
    await screen.findByTestId('order-countdown');
    await waitFor(() => expect(joins).to.have.length(1), LIVE);
    act(() => void io.to(`order:${UID}`).emit('order:tick', { uid: UID, secondsLeft: 425, expiresAt: '2026-11-21T12:15:00.000Z' }));
    await waitFor(() => expect(screen.getByTestId('order-time-left').textContent).to.equal('07:05'), LIVE);
    expect(screen.getByRole('progressbar', { name: 'Time left to pay' }).getAttribute('aria-valuenow')).to.equal('47');
  });

  it('rejoins the room after a reconnection and takes the newer order it answers', async () => {
    renderPage();
    await waitFor(() => expect(joins).to.have.length(1), LIVE);
    joinAnswer = () => orderFixture({ version: 3, status: 'deleted', step: 'finished', deleteReason: 'expired', expiresAt: null });
    act(() => {
      clientSocket!.disconnect();
      clientSocket!.connect();
    });
    await waitFor(() => expect(status()).to.equal('Status: Expired'), LIVE);
    expect(joins).to.have.length(2);
    expect(screen.getByTestId('order-status-text').textContent).to.equal('The time to pay ran out and the order was deleted.');
  });

  it('confirms through the API and shows the answered order', async () => {
    api.on(`POST /orders/${UID}/${SECRET}/confirm`, ok(orderFixture({ version: 2, step: 'verify_card', confirmedAt: '2026-11-21T12:01:00.000Z' })));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Verify the card' })).to.exist;
    expect(screen.getByText('Photo rules')).to.exist;
    expect(screen.getByLabelText('Card photo')).to.have.property('type', 'file');
  });

  const cancelRequests = () => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/cancel'));

  it('asks before cancelling: Escape and "Keep the order" close the question with nothing sent', async () => {
    renderPage();
    const cancel = await screen.findByRole('button', { name: 'Cancel the order' });
    await userEvent.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel the order?' });
    expect(dialog.textContent).to.contain(`Order ${UID} will be closed and cannot be reopened.`);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(document.activeElement).to.equal(cancel);
    await userEvent.click(cancel);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(cancelRequests()).to.deep.equal([]);
    expect(status()).to.equal('Status: Waiting');
  });

  it('cancels the order once confirmed: "order canceled", and the page shows it closed', async () => {
    api.on(
      `POST /orders/${UID}/${SECRET}/cancel`,
      ok(orderFixture({ version: 2, status: 'deleted', step: 'finished', deleteReason: 'cancelled', expiresAt: null })),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(cancelRequests()).to.have.length(1);
    await waitFor(() => expect(status()).to.equal('Status: Deleted'));
    expect(screen.getByTestId('order-status-text').textContent).to.equal('The order is closed.');
    expect(m.useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['Order canceled']);
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).to.equal(null);
  });

  it('shows the server message when an action is refused', async () => {
    api.on(`POST /orders/${UID}/${SECRET}/cancel`, failure(409, 'invalid_transition', 'This action is not possible in the order’s current state. Refresh the page'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByTestId('order-action-error')).textContent).to.equal(
      'This action is not possible in the order’s current state. Refresh the page',
    );
  });

  it('says a rejected photo must be replaced, and that a pending one waits for the check', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ step: 'verify_card', cardCheck: 'rejected' })));
    const { unmount } = renderPage();
    expect((await screen.findByTestId('card-rejected')).textContent).to.equal('Photo rejected, replace the file and try again');
    expect(screen.getByLabelText('Card photo')).to.exist;
    unmount();
    api.on(ORDER_PATH, ok(orderFixture({ step: 'verify_card', cardCheck: 'pending' })));
    renderPage();
    expect((await screen.findByTestId('card-pending')).textContent).to.equal('The photo is waiting for a check. The time to pay stands still meanwhile and starts again in full once the card is checked. This page updates by itself.');
    expect(screen.queryByLabelText('Card photo')).to.equal(null);
  });

  it('shows the payment details with copy buttons and a QR code, the receipt upload and "I have paid"', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ step: 'pay', confirmedAt: '2026-11-21T12:01:00.000Z', cardCheck: 'approved', payment: PAYMENT })));
    renderPage();
    expect((await screen.findByTestId('pay-account')).textContent).to.contain('2202 2000 0000 0001');
    expect(screen.getByRole('button', { name: 'Copy: Amount' })).to.exist;
    expect(screen.getByRole('button', { name: 'Copy: Account' })).to.exist;
    expect((await screen.findByTestId('payment-qr')).getAttribute('src')).to.match(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Payment receipt')).to.exist;
    expect(screen.getByRole('button', { name: 'I have paid' })).to.exist;
    expect(screen.queryByTestId('pay-unavailable')).to.equal(null);
  });

  it('tells the customer not to send funds while the exchanger has no payment details for the currency', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ step: 'pay', cardCheck: 'approved', payment: null })));
    renderPage();
    expect((await screen.findByTestId('pay-unavailable')).textContent).to.equal(
      'Payment details for this currency are not available right now. Do not send funds yet: contact support.',
    );
    expect(screen.queryByTestId('pay-account')).to.equal(null);
    expect(screen.queryByTestId('payment-qr')).to.equal(null);
  });

  it('says the receipt is uploaded instead of offering a second upload', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ step: 'pay', confirmedAt: '2026-11-21T12:01:00.000Z', cardCheck: 'approved', payment: PAYMENT, receiptUploaded: true })));
    renderPage();
    expect((await screen.findByTestId('receipt-uploaded')).textContent).to.equal('Receipt uploaded');
    expect(screen.queryByLabelText('Payment receipt')).to.equal(null);
  });

  it('says the funds are awaited once the customer said they paid, with no timer left', async () => {
    api.on(ORDER_PATH, ok(orderFixture({ step: 'processing', cardCheck: 'approved', paidAt: '2026-11-21T12:05:00.000Z', expiresAt: null })));
    renderPage();
    expect((await screen.findByTestId('order-status-text')).textContent).to.equal(
      'You said you paid. We are waiting for the funds to arrive; this page updates by itself.',
    );
    expect(status()).to.equal('Status: Waiting');
    expect(screen.queryByTestId('order-countdown')).to.equal(null);
  });

  it('asks for a refund address on a payment issue with funds received, and lists the history', async () => {
    api.on(
      ORDER_PATH,
      ok(
        orderFixture({
          status: 'warning',
          step: 'processing',
          exception: 'underpaid',
          receivedAmount: '300000',
          expiresAt: null,
          history: [
            { at: '2026-11-21T12:00:00.000Z', action: 'created', from: null, to: 'new', actor: 'customer', details: null },
            { at: '2026-11-21T12:10:00.000Z', action: 'received', from: 'new', to: 'warning', actor: 'operator', details: { amount: '300000' } },
          ],
        }),
      ),
    );
    api.on(`POST /orders/${UID}/${SECRET}/refund-address`, ok({ ...orderFixture(), version: 9, status: 'warning', step: 'processing', receivedAmount: '300000', refundAddress: '4276000000000009', expiresAt: null }));
    renderPage();
    expect((await screen.findByTestId('order-status-text')).textContent).to.contain('Less than the order amount arrived');
    const history = screen.getByTestId('order-history');
    expect(history.querySelectorAll('li')).to.have.length(2);
    expect(history.textContent).to.contain('Operator · Funds received');
    expect(history.textContent).to.contain('You · Order created');
    // The form is its own chunk (with the validation library): it arrives after the page.
    await userEvent.type(await screen.findByRole('textbox', { name: /^Card to return the funds to/ }), '4276000000000009');
    await userEvent.click(screen.getByRole('button', { name: 'Save the address' }));
    expect((await screen.findByText('Refund address: 4276000000000009', { exact: false })).textContent).to.contain('4276000000000009');
    expect(api.requests.filter((request) => request.path.endsWith('/refund-address')).map((request) => request.body)).to.deep.equal([
      { address: '4276000000000009' },
    ]);
    expect(m.useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['Data updated']);
  });

  it('shows the 404 page for a wrong secret or a missing order, without the secret', async () => {
    api.on(ORDER_PATH, failure(404, 'not_found', 'The page was not found because it was either deleted or its address has changed'));
    renderPage();
    expect((await screen.findByTestId('not-found-message')).textContent).to.equal(`Page not found: /order/${UID}`);
    expect(document.body.textContent).not.to.contain(SECRET);
  });
});
