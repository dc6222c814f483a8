import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { SessionUser } from '../../../../common/api';
import type { KycStatusDto } from '../../../../common/kyc';
import { startLiveSocket, type LiveSocket } from '../../realtime/testing/liveSocket';
import { useOfflineSocket } from '../../testing/socketServer';

/** The verification page against a real HTTP API (multipart uploads by XMLHttpRequest, CORS) and a real Socket.IO server. */
async function load() {
  const [page, client, queryClient, session, query] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('../../stores/session'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { VerificationPage: page.default, ...client, ...queryClient, ...session, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let http: HttpServer;
let live: LiveSocket;

interface Api {
  status: KycStatusDto | { fail: number };
  /** Answer of the upload; the upload waits for `release` when set. */
  upload: { status: number; body: unknown };
  hold: Promise<void> | null;
  received: string[];
}
let api: Api;

const USER: SessionUser = { id: 41, email: 'anna@example.com', firstName: 'Anna', secondName: null, role: 'user', twoFactorEnabled: false, kycStatus: null };
const LIVE = { timeout: 5000 };

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  response.end(JSON.stringify(body));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'lang, accept, content-type', 'access-control-allow-methods': 'GET, POST' });
    response.end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (request.method === 'GET' && request.url === '/api/user/kyc') {
    if ('fail' in api.status) send(response, api.status.fail, { success: false, error: { code: 'internal', message: 'Something went wrong' } });
    else send(response, 200, { success: true, data: api.status });
  } else if (request.method === 'POST' && request.url === '/api/user/kyc') {
    api.received.push(Buffer.concat(chunks).toString('latin1'));
    if (api.hold) await api.hold;
    send(response, api.upload.status, api.upload.body);
  } else send(response, 404, { success: false, error: { code: 'not_found', message: 'Not found' } });
}

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.VerificationPage />
      </m.QueryClientProvider>,
    );
  });
}

// The document's own File (Node's global one is another class, which jsdom's FormData refuses).
const jpeg = (name: string) => new window.File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], name, { type: 'image/jpeg' });

describe('verification page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = { status: { status: 'none', reason: null, final: false }, upload: { status: 200, body: { success: true, data: { status: 'check', reason: null, final: false } } }, hold: null, received: [] };
    http = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    m.setApiBase(`${url}/api`);
    live = await startLiveSocket(http);
    m.useSessionStore.setState({ user: USER, known: true });
  });

  afterEach(async () => {
    http.closeAllConnections();
    await live.stop();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
  });

  it('asks for both files, then sends them in one request with a progress bar each; the status becomes Under Review', async () => {
    let release!: () => void;
    api.hold = new Promise((resolve) => (release = resolve));
    await renderPage();
    expect((await screen.findByTestId('kyc-page-status')).textContent).to.equal('Not started');
    await userEvent.click(screen.getByTestId('kyc-submit'));
    expect(within(screen.getByTestId('kyc-document')).getByRole('alert').textContent).to.equal('Choose a file');
    expect(within(screen.getByTestId('kyc-selfie')).getByRole('alert').textContent).to.equal('Choose a file');
    expect(api.received).to.have.length(0);

    await userEvent.upload(screen.getByLabelText('Identity document'), jpeg('passport.jpg'));
    await userEvent.upload(screen.getByLabelText('Selfie with the document'), jpeg('selfie.jpg'));
    expect(screen.getByTestId('kyc-document').textContent).to.include('passport.jpg');
    await userEvent.click(screen.getByTestId('kyc-submit'));
    await screen.findByTestId('kyc-progress-document');
    expect(screen.getByTestId('kyc-progress-selfie')).to.exist;
    await waitFor(() => expect(api.received).to.have.length(1), LIVE);
    expect(api.received[0]).to.include('name="document"; filename="passport.jpg"').and.include('name="selfie"; filename="selfie.jpg"');
    release();
    await waitFor(() => expect(screen.getByTestId('kyc-page-status').textContent).to.equal('Under Review'), LIVE);
    expect(screen.queryByTestId('kyc-submit')).to.equal(null);
    expect(m.useSessionStore.getState().user?.kycStatus).to.equal('check');
  });

  it('refuses a file of another type before sending, and shows the server refusal', async () => {
    api.upload = { status: 403, body: { success: false, error: { code: 'kyc_refused_final', message: 'Verification was refused finally: new documents are not accepted' } } };
    await renderPage();
    await screen.findByTestId('kyc-submit');
    await userEvent.upload(screen.getByLabelText('Identity document'), new window.File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    await userEvent.upload(screen.getByLabelText('Selfie with the document'), jpeg('selfie.jpg'));
    await userEvent.click(screen.getByTestId('kyc-submit'));
    expect(within(screen.getByTestId('kyc-document')).getByRole('alert').textContent).to.equal('Only JPEG, PNG or WebP pictures');
    expect(api.received).to.have.length(0);
    await userEvent.upload(screen.getByLabelText('Identity document'), jpeg('passport.jpg'));
    await userEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-error')).textContent).to.equal('Verification was refused finally: new documents are not accepted');
  });

  it('shows the reason of a refusal with the form again, and no form after a final one', async () => {
    api.status = { status: 'blocked', reason: 'The document is blurred', final: false };
    await renderPage();
    expect((await screen.findByTestId('kyc-reason')).textContent).to.equal('Reason: The document is blurred');
    expect(screen.getByText('You can upload new documents.')).to.exist;
    expect(screen.getByTestId('kyc-submit')).to.exist;
  });

  it('shows a final refusal without the form', async () => {
    api.status = { status: 'blocked', reason: 'Forged document', final: true };
    await renderPage();
    expect((await screen.findByTestId('kyc-page-status')).textContent).to.equal('Not Verified');
    expect(screen.getByText(/This decision is final/)).to.exist;
    expect(screen.queryByTestId('kyc-submit')).to.equal(null);
  });

  it('shows a loading error with a retry', async () => {
    await useOfflineSocket();
    api.status = { fail: 500 };
    await renderPage();
    expect((await screen.findByRole('alert')).textContent).to.contain('Could not load the verification status.');
    api.status = { status: 'approve', reason: null, final: false };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('kyc-page-status')).textContent).to.equal('Verified');
  });

  it('follows a decision live (kyc:changed in the user room)', async () => {
    api.status = { status: 'check', reason: null, final: false };
    await renderPage();
    expect((await screen.findByTestId('kyc-page-status')).textContent).to.equal('Under Review');
    await waitFor(() => expect(live.connected()).to.equal(true), LIVE);
    api.status = { status: 'approve', reason: null, final: false };
    act(() => void live.io.emit('kyc:changed', { userId: USER.id, status: 'approve' }));
    await waitFor(() => expect(screen.getByTestId('kyc-page-status').textContent).to.equal('Verified'), LIVE);
    expect(m.useSessionStore.getState().user?.kycStatus).to.equal('approve');
  });
});
