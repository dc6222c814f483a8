import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { formatMoney } from '../../../../../common/money';
import { Server } from 'socket.io';
import type { SessionUser } from '../../../../../common/api';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../../common/events';
import type { ReviewItem } from '../../../../../common/reviews';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { useOfflineSocket } from '../../../testing/socketServer';
import { operatorOrderFixture } from '../../../orders/testing/fixtures';

/** The review queues against a real HTTP API and a real Socket.IO server (see OperatorPage.test.tsx). */
async function load() {
  const [page, client, queryClient, socketSource, session, ioClient, query] = await Promise.all([
    import('../index'),
    import('../../../api/client'),
    import('../../../api/queryClient'),
    import('../../../orders/socketSource'),
    import('../../../stores/session'),
    import('socket.io-client'),
    import('@tanstack/react-query'),
    import('../../../../test/i18n'),
  ]);
  return { OperatorPage: page.default, ...client, ...queryClient, ...socketSource, ...session, io: ioClient.io, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let http: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let clientSocket: ReturnType<typeof m.io> | null;

const OPERATOR: SessionUser = { id: 7, email: 'op@example.com', firstName: null, secondName: null, role: 'operator', twoFactorEnabled: false, kycStatus: null };

function item(uid: string, kind: 'card' | 'receipt', minute: number): ReviewItem {
  return {
    kind,
    uid,
    version: 3,
    status: 'new',
    email: `${uid.toLowerCase()}@example.com`,
    fromCode: 'CARDRUB',
    toCode: 'BTC',
    from: { code: 'CARDRUB', name: 'Bank card', nameRu: 'Банковская карта', type: 'fiat', currency: 'RUB', network: null, precision: 2, city: null },
    to: { code: 'BTC', name: 'Bitcoin', nameRu: null, type: 'coin', currency: 'BTC', network: null, precision: 8, city: null },
    amountSend: '10000',
    amountReceive: '0.001',
    senderAccount: '4111 **** 1111',
    uploadedAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
    fileUrl: `/api/operator/orders/${uid}/files/${kind}`,
  };
}

const LIVE = { timeout: 5000 };

async function renderReviews() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.OperatorPage params={{ section: 'reviews' }} />
      </m.QueryClientProvider>,
    );
  });
}

const cardUids = () => [...document.querySelectorAll('[data-testid^="review-"]')].map((node) => node.getAttribute('data-testid')!.replace('review-', ''));

describe('operator review queues (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({ 'GET /operator/reviews': ok({ items: [item('OLDEST0001', 'card', 1), item('NEWER00001', 'card', 5)], nextCursor: null }) });
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
    cleanup();
    clientSocket?.disconnect();
    m.setOrderSocketSource(null);
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
    await io.close();
  });

  it('lists card photos oldest first with their preview, and receipts in their own tab', async () => {
    await renderReviews();
    await screen.findByTestId('reviews-card');
    expect(cardUids()).to.deep.equal(['OLDEST0001', 'NEWER00001']);
    const preview = within(screen.getByTestId('review-OLDEST0001')).getByRole('img', { name: 'Card photo of order OLDEST0001' });
    expect(preview.getAttribute('src')).to.equal(`${api.base}/operator/orders/OLDEST0001/files/card`);
    expect(screen.getByRole('tab', { name: 'Card photos' }).getAttribute('aria-selected')).to.equal('true');
    // The amounts as the board shows them: in the sides' currencies, each side named.
    const amounts = within(screen.getByTestId('review-OLDEST0001')).getByTestId('amounts').textContent;
    expect(amounts).to.equal(`${formatMoney('10000', 'RUB')} Bank card → ${formatMoney('0.001', 'BTC')} Bitcoin`);

    api.on('GET /operator/reviews', ok({ items: [], nextCursor: null }));
    await userEvent.click(screen.getByRole('tab', { name: 'Receipts' }));
    expect((await screen.findByTestId('reviews-empty')).textContent).to.equal('No receipts are waiting for a decision.');
  });

  it('rejects with a reason in a dialog, counting up to 500 characters, and the item leaves the queue', async () => {
    let decided = false;
    api.on('GET /operator/reviews', () => ok({ items: decided ? [item('NEWER00001', 'card', 5)] : [item('OLDEST0001', 'card', 1), item('NEWER00001', 'card', 5)], nextCursor: null }));
    api.on('POST /operator/reviews/card/OLDEST0001/reject', () => {
      decided = true;
      return ok(operatorOrderFixture({ uid: 'OLDEST0001', cardCheck: 'rejected' }));
    });
    await renderReviews();
    await screen.findByTestId('reviews-card');
    await userEvent.click(screen.getByTestId('reject-OLDEST0001'));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: /Reason the customer sees/ });
    expect(reason.getAttribute('placeholder')).to.equal('Photo rejected, replace the file and try again');
    await userEvent.type(reason, 'The number is covered');
    expect(within(dialog).getByText('21 / 500')).to.exist;
    await userEvent.click(within(dialog).getByTestId('review-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await waitFor(() => expect(cardUids()).to.deep.equal(['NEWER00001']));
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).to.deep.equal([['/operator/reviews/card/OLDEST0001/reject', { reason: 'The number is covered' }]]);
  });

  it("approves after a confirmation and shows the server's refusal in the dialog", async () => {
    api.on('POST /operator/reviews/card/OLDEST0001/approve', failure(409, 'invalid_transition', 'This action is not possible in the current order status'));
    await renderReviews();
    await screen.findByTestId('reviews-card');
    await userEvent.click(screen.getByTestId('approve-OLDEST0001'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The card is verified and the customer can pay.')).to.exist;
    await userEvent.click(within(dialog).getByTestId('review-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).to.equal('This action is not possible in the current order status');
  });

  it('shows a loading error with a retry', async () => {
    await useOfflineSocket();
    api.on('GET /operator/reviews', failure(500, 'internal', 'Something went wrong'));
    await renderReviews();
    expect((await screen.findByRole('alert')).textContent).to.contain('Something went wrong');
    api.on('GET /operator/reviews', ok({ items: [item('OLDEST0001', 'card', 1)], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('review-OLDEST0001');
  });

  it('has the saved cards as their own tab: a card verified for another account is flagged, approval posts to the requisites queue, `requisites:queue` reloads it', async () => {
    const card = (id: number, shared: boolean) => ({
      id,
      userId: 70 + id,
      email: `user${id}@example.com`,
      asset: 'SBERRUB',
      masked: `•••• ${4000 + id}`,
      holder: 'ANNA PETROVA',
      expires: '12/30',
      shared,
      uploadedAt: `2026-11-24T10:0${id}:00.000Z`,
      photoUrl: `/api/operator/reviews/requisites/${id}/photo?expires=1&sig=abc`,
    });
    api.on('GET /operator/reviews/requisites', ok({ items: [card(1, false), card(2, true)], nextCursor: null }));
    api.on('POST /operator/reviews/requisites/1/approve', ok({}));
    await renderReviews();
    await screen.findByTestId('reviews-card');
    await userEvent.click(screen.getByRole('tab', { name: 'Saved cards' }));
    await screen.findByTestId('reviews-requisites');
    expect(screen.queryByTestId('requisite-shared-1')).to.equal(null);
    expect(screen.getByTestId('requisite-shared-2').textContent).to.equal('Verified for another account');
    const photo = within(screen.getByTestId('review-requisite-1')).getByRole('img', { name: 'Card photo of requisite 1' });
    expect(photo.getAttribute('src')).to.equal(`${api.base}/operator/reviews/requisites/1/photo?expires=1&sig=abc`);
    await userEvent.click(screen.getByTestId('approve-requisite-1'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('review-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).to.deep.equal(['/operator/reviews/requisites/1/approve']);

    await waitFor(() => expect(clientSocket?.connected).to.equal(true), LIVE);
    api.on('GET /operator/reviews/requisites', ok({ items: [card(2, true)], nextCursor: null }));
    act(() => void io.emit('requisites:queue', { id: 1 }));
    await waitFor(() => expect(screen.queryByTestId('review-requisite-1')).to.equal(null), LIVE);
  });

  it('updates live: an upload or another operator’s decision reloads the queue without a reload of the page', async () => {
    await renderReviews();
    await screen.findByTestId('reviews-card');
    await waitFor(() => expect(clientSocket?.connected).to.equal(true), LIVE);
    api.on('GET /operator/reviews', ok({ items: [item('OLDEST0001', 'card', 1), item('NEWER00001', 'card', 5), item('NEWEST0001', 'card', 9)], nextCursor: null }));
    const order = operatorOrderFixture({ uid: 'NEWEST0001', cardCheck: 'pending', cardPhoto: true });
    act(() => void io.emit('operators:order', { uid: order.uid, status: order.status, order }));
    await waitFor(() => expect(cardUids()).to.deep.equal(['OLDEST0001', 'NEWER00001', 'NEWEST0001']), LIVE);
  });
});
