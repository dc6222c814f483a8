import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { KycQueueItem } from '../../../../../common/kyc';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { startLiveSocket, type LiveSocket } from '../../../realtime/testing/liveSocket';
import { useOfflineSocket } from '../../../testing/socketServer';
import { loadConsole, renderConsoleSection, staffUser, type ConsoleModules } from '../testing/console';

/** The KYC queue of the review section against a real HTTP API and a real Socket.IO server. */
let m: ConsoleModules;
let api: TestApi;
let live: LiveSocket;

const LIVE = { timeout: 5000 };

function item(id: number, email: string, minute: number): KycQueueItem {
  return {
    id,
    userId: 100 + id,
    email,
    name: 'Anna Smirnova',
    submittedAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
    document: `/api/operator/kyc/files/${id}/document?expires=1&sig=a`,
    selfie: id === 2 ? null : `/api/operator/kyc/files/${id}/selfie?expires=1&sig=b`,
  };
}

async function openKycTab() {
  await renderConsoleSection(m, 'reviews');
  await userEvent.click(await screen.findByRole('tab', { name: 'Identity (KYC)' }));
}

const ids = () => [...document.querySelectorAll('[data-testid^="kyc-review-"]')].map((node) => node.getAttribute('data-testid')!.replace('kyc-review-', ''));

describe('operator KYC review queue (UI)', () => {
  before(async () => {
    m = await loadConsole();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /operator/reviews': ({ query }) =>
        query.get('kind') === 'kyc' ? ok({ items: [item(1, 'old@example.com', 1), item(2, 'new@example.com', 5)], nextCursor: null }) : ok({ items: [], nextCursor: null }),
    });
    m.setApiBase(api.base);
    live = await startLiveSocket();
    m.useSessionStore.setState({ user: staffUser('operator'), known: true });
  });

  afterEach(async () => {
    await live.stop();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('lists submissions oldest first with the document and the selfie side by side (signed links)', async () => {
    await openKycTab();
    await screen.findByTestId('reviews-kyc');
    expect(ids()).to.deep.equal(['1', '2']);
    const first = screen.getByTestId('kyc-review-1');
    expect(within(first).getByRole('img', { name: 'Document of old@example.com' }).getAttribute('src')).to.equal('/api/operator/kyc/files/1/document?expires=1&sig=a');
    expect(within(first).getByRole('img', { name: 'Selfie of old@example.com' }).getAttribute('src')).to.equal('/api/operator/kyc/files/1/selfie?expires=1&sig=b');
    expect(within(screen.getByTestId('kyc-review-2')).getByText('The file was deleted after the retention period.')).to.exist;
    expect(api.requests.some((request) => request.path === '/operator/reviews' && request.query === 'kind=kyc')).to.equal(true);
  });

  it('refuses with a reason and the final mark, and the item leaves the queue', async () => {
    let decided = false;
    // KYC items for the KYC queue only: the tab the section opens on (card photos) must not get them.
    api.on('GET /operator/reviews', ({ query }) =>
      ok({ items: query.get('kind') !== 'kyc' ? [] : decided ? [item(2, 'new@example.com', 5)] : [item(1, 'old@example.com', 1), item(2, 'new@example.com', 5)], nextCursor: null }),
    );
    api.on('POST /operator/kyc/101/reject', () => {
      decided = true;
      return ok({ items: [], nextCursor: null });
    });
    await openKycTab();
    await screen.findByTestId('reviews-kyc');
    await userEvent.click(screen.getByTestId('kyc-reject-1'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByTestId('kyc-confirm');
    expect(confirm.hasAttribute('disabled')).to.equal(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Forged document');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Final refusal/ }));
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await waitFor(() => expect(ids()).to.deep.equal(['2']));
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).to.deep.equal([['/operator/kyc/101/reject', { reason: 'Forged document', final: true }]]);
  });

  it("verifies after a confirmation and shows the server's refusal in the dialog", async () => {
    api.on('POST /operator/kyc/101/approve', failure(409, 'kyc_not_pending', 'This user has no submission waiting for a decision'));
    await openKycTab();
    await screen.findByTestId('reviews-kyc');
    await userEvent.click(screen.getByTestId('kyc-approve-1'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('kyc-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).to.equal('This user has no submission waiting for a decision');
  });

  it('shows the empty queue and a loading error with a retry', async () => {
    await useOfflineSocket();
    api.on('GET /operator/reviews', failure(500, 'internal', 'Something went wrong'));
    await openKycTab();
    expect((await screen.findByRole('alert')).textContent).to.contain('Something went wrong');
    api.on('GET /operator/reviews', ok({ items: [], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('reviews-empty')).textContent).to.equal('No documents wait for a review.');
  });

  it('updates live: a new submission (kyc:changed) reloads the queue', async () => {
    await openKycTab();
    await screen.findByTestId('reviews-kyc');
    await waitFor(() => expect(live.connected()).to.equal(true), LIVE);
    api.on('GET /operator/reviews', ({ query }) =>
      ok({ items: query.get('kind') === 'kyc' ? [item(1, 'old@example.com', 1), item(2, 'new@example.com', 5), item(3, 'newest@example.com', 9)] : [], nextCursor: null }),
    );
    act(() => void live.io.emit('kyc:changed', { userId: 103, status: 'check' }));
    await waitFor(() => expect(ids()).to.deep.equal(['1', '2', '3']), LIVE);
  });
});
