import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { RequisiteDto } from '../../../../common/requisites';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { CATALOGUE, catalogueParts } from '../../exchange/testing/fixtures';
import { startTestSocketServer, useOfflineSocket, type TestSocketServer } from '../../testing/socketServer';

/** The saved requisites page against a real HTTP API and a real Socket.IO server. */
async function load() {
  const [page, client, queryClient, query] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { Page: page.default, ...client, ...queryClient, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
let sockets: TestSocketServer;

function requisite(id: number, overrides: Partial<RequisiteDto> = {}): RequisiteDto {
  return {
    id,
    kind: 'card',
    asset: 'SBERRUB',
    masked: `•••• ${String(1000 + id)}`,
    holder: 'ANNA PETROVA',
    expires: '12/30',
    status: 'verified',
    rejectReason: null,
    photoUploaded: false,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const LIVE = { timeout: 5000 };

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Page />
      </m.QueryClientProvider>,
    );
  });
}

const shown = () => [...document.querySelectorAll('[data-testid^="requisite-status-"]')].map((node) => node.textContent);

describe('saved requisites page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({ ...catalogueParts(CATALOGUE), 'GET /user/requisites': ok({ requisites: [] }) });
    m.setApiBase(api.base);
    sockets = await startTestSocketServer();
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    await api.close();
    await sockets.close();
  });

  it('lists cards masked with their status, the rejection reason, and the photo rules beside the upload of a card waiting for its photo', async () => {
    api.on(
      'GET /user/requisites',
      ok({
        requisites: [
          requisite(1),
          requisite(2, { status: 'rejected', rejectReason: 'The number is covered' }),
          requisite(3, { status: 'pending' }),
          requisite(4, { status: 'expired' }),
          requisite(5, { kind: 'wallet', asset: 'BTC', masked: 'bc1qxy…0wlh', holder: null, expires: null, status: 'saved' }),
        ],
      }),
    );
    await renderPage();
    await screen.findByTestId('requisites-list');
    expect(shown()).to.deep.equal(['Verified', 'Rejected', 'Under review', 'Expired', 'Saved']);
    await waitFor(() => expect(screen.getByTestId('requisite-1').textContent).to.contain('Sberbank'));
    expect(within(screen.getByTestId('requisite-2')).getByRole('alert').textContent).to.equal('Reason: The number is covered');
    expect(within(screen.getByTestId('requisite-3')).getByTestId('requisites-photo-rules').textContent).to.contain('Card photo rules');
    expect(within(screen.getByTestId('requisite-1')).queryByTestId('requisites-photo-rules')).to.equal(null);
    expect(screen.getByTestId('requisites-list').textContent).to.not.match(/\d{13,}/);
  });

  it('shows the empty state, and a loading error with a retry', async () => {
    await useOfflineSocket();
    api.on('GET /user/requisites', failure(500, 'internal_error', 'Something went wrong'));
    await renderPage();
    expect((await screen.findByRole('alert')).textContent).to.contain('Something went wrong');
    api.on('GET /user/requisites', ok({ requisites: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('requisites-empty')).textContent).to.equal('You have no saved cards or wallets yet.');
  });

  it('refuses a card number failing the Luhn check before sending it, then saves a valid one', async () => {
    let saved = false;
    api.on('GET /user/requisites', () => ok({ requisites: saved ? [requisite(9, { status: 'pending' })] : [] }));
    api.on('POST /user/requisites', () => {
      saved = true;
      return { status: 201, body: { success: true, data: requisite(9, { status: 'pending' }) } };
    });
    await renderPage();
    await screen.findByTestId('requisites-empty');
    const form = screen.getByRole('form', { name: 'Add a card or wallet' });
    // Bank cards only (the catalogue's fiat cards), once the catalogue arrived.
    await within(form).findByRole('option', { name: 'Sberbank' });
    expect(within(form).queryByRole('option', { name: 'Bitcoin' })).to.equal(null);
    fireEvent.change(within(form).getByLabelText(/^Currency/), { target: { value: 'SBERRUB' } });
    fireEvent.change(within(form).getByLabelText(/^Month/), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText(/^Year/), { target: { value: String(new Date().getFullYear() + 2) } });
    await userEvent.type(within(form).getByLabelText(/^Card number/), '4111 1111 1111 1112');
    await userEvent.click(screen.getByTestId('requisites-add'));
    expect((await within(form).findByText('The card number is incorrect: check the digits'))).to.exist;
    expect(api.requests.filter((request) => request.method === 'POST')).to.deep.equal([]);

    await userEvent.clear(within(form).getByLabelText(/^Card number/));
    await userEvent.type(within(form).getByLabelText(/^Card number/), '4111 1111 1111 1111');
    await userEvent.click(screen.getByTestId('requisites-add'));
    await screen.findByTestId('requisite-9');
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).to.deep.equal([
      { kind: 'card', asset: 'SBERRUB', number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: new Date().getFullYear() + 2 },
    ]);
  });

  it('deletes only after a confirmation', async () => {
    let deleted = false;
    api.on('GET /user/requisites', () => ok({ requisites: deleted ? [] : [requisite(1)] }));
    api.on('DELETE /user/requisites/1', () => {
      deleted = true;
      return ok(null);
    });
    await renderPage();
    await userEvent.click(await screen.findByTestId('requisite-delete-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).to.equal('Delete •••• 1001?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.method === 'DELETE')).to.deep.equal([]);
    await userEvent.click(screen.getByTestId('requisite-delete-1'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('requisite-delete-confirm'));
    await screen.findByTestId('requisites-empty');
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).to.deep.equal(['/user/requisites/1']);
  });

  it("updates live when an operator decides: `requisites:changed` in the user's room reloads the list", async () => {
    api.on('GET /user/requisites', ok({ requisites: [requisite(3, { status: 'pending', photoUploaded: true })] }));
    await renderPage();
    await screen.findByTestId('requisites-list');
    expect(shown()).to.deep.equal(['Under review']);
    await waitFor(() => expect(sockets.connected()).to.equal(true), LIVE);
    api.on('GET /user/requisites', ok({ requisites: [requisite(3)] }));
    act(() => void sockets.io.emit('requisites:changed', { id: 3, status: 'verified' }));
    await waitFor(() => expect(shown()).to.deep.equal(['Verified']), LIVE);
  });
});
