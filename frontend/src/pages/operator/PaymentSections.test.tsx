import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { boardListFixture } from '../../orders/testing/fixtures';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { MaintenanceState } from '../../../../common/api';
import type { PaymentDetailDto } from '../../../../common/paymentDetails';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { ASSETS } from '../../exchange/testing/fixtures';
import { loadConsole, renderConsoleSection, staffUser } from './testing/console';

/** The admin sections (payment details, maintenance) against a real HTTP API. */
const load = loadConsole;

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const ADMIN = staffUser('admin');
/** The admin catalogue the form checks against. */
const ADMIN_ASSETS = ASSETS.map((asset, index) => ({ ...asset, sortOrder: index }));
const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function detail(id: number, asset: string, account: string, extra: Partial<PaymentDetailDto> = {}): PaymentDetailDto {
  return { id, asset, account, memo: null, holder: null, note: null, enabled: true, demo: false, useCount: 0, lastUsedAt: null, createdAt: '2026-11-24T10:00:00.000Z', ...extra };
}

const renderSection = (section: string) => renderConsoleSection(m, section);

describe('console admin sections', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(() => {
    m.useSessionStore.setState({ user: ADMIN, known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('links the admin sections for admins only', async () => {
    api = await startTestApi({ 'GET /operator/orders': ok(boardListFixture([], null)) });
    m.setApiBase(api.base);
    await renderSection('orders');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).to.include.members(['/operator/orders', '/operator/payments', '/operator/maintenance']);
  });

  it('lists details by asset, adds one after checking it, and deletes one after a confirmation', async () => {
    let details = [detail(1, 'BTC', 'bc1qdemo000000000000000000000000000', { demo: true, useCount: 4 }), detail(2, 'SBERRUB', '4111 1111 1111 1111', { holder: 'Ivan' })];
    api = await startTestApi({
      'GET /admin/payment-details': () => ok({ details }),
      'GET /admin/assets': () => ok({ assets: ADMIN_ASSETS }),
      'POST /admin/payment-details': ({ body }) => {
        const input = body as { asset: string; account: string };
        if (input.asset === 'ETH') return failure(400, 'validation_failed', 'Check the form', { account: 'Already used' });
        const created = detail(3, input.asset, input.account);
        details = [...details, created];
        return { status: 201, body: { success: true, data: created } };
      },
      'DELETE /admin/payment-details/2': () => {
        details = details.filter((row) => row.id !== 2);
        return ok({ deleted: true });
      },
    });
    m.setApiBase(api.base);
    await renderSection('payments');
    await screen.findByTestId('payments-asset-BTC');
    expect(within(screen.getByTestId('payments-asset-SBERRUB')).getByText('4111 1111 1111 1111')).to.be.ok;
    expect(screen.getByTestId('payments-detail-1').querySelector('.payments-demo')?.textContent).to.include('demo');
    // The asset field offers the catalogue's codes.
    await waitFor(() => expect(document.querySelectorAll('#payments-assets option')).to.have.length(ADMIN_ASSETS.length));
    expect(screen.getByTestId('payments-asset').getAttribute('list')).to.equal('payments-assets');

    // Checked before sending, by the server's rules: none of these reaches it.
    const add = async (asset: string, account: string) => {
      await userEvent.clear(screen.getByTestId('payments-asset'));
      await userEvent.type(screen.getByTestId('payments-asset'), asset);
      await userEvent.clear(screen.getByTestId('payments-account'));
      await userEvent.type(screen.getByTestId('payments-account'), account);
      await userEvent.click(screen.getByTestId('payments-add'));
    };
    await add('SBERRUB', '4111 1111 1111 1112');
    expect(await screen.findByText('Check the card number: a digit is wrong')).to.be.ok;
    await add('USDTTRC20', BTC_WALLET);
    expect(await screen.findByText('This is not a TRC20 address: copy it from your wallet again')).to.be.ok;
    await add('NOPE', BTC_WALLET);
    expect(await screen.findByText('No such asset in the catalogue: check its code')).to.be.ok;
    expect(api.requests.filter((request) => request.method === 'POST')).to.deep.equal([]);

    // The server's field messages show under their fields.
    await add('ETH', '0x52908400098527886E0F7030069857D2E4169EE7');
    expect(await screen.findByText('Already used')).to.be.ok;

    await add('BTC', BTC_WALLET);
    await screen.findByTestId('payments-detail-3');
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).to.deep.equal({ asset: 'BTC', account: BTC_WALLET, holder: '', note: '' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete 4111 1111 1111 1111' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).to.include('Delete the payment details?');
    expect(api.requests.some((request) => request.method === 'DELETE')).to.equal(false);
    await userEvent.click(within(dialog).getByTestId('payments-confirm-delete'));
    await waitFor(() => expect(screen.queryByTestId('payments-detail-2')).to.equal(null));
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).to.deep.equal(['/admin/payment-details/2']);
  });

  it('checks a card number by Luhn alone while the catalogue cannot be read, and leaves the rest to the server', async () => {
    api = await startTestApi({
      'GET /admin/payment-details': () => ok({ details: [] }),
      'GET /admin/assets': () => failure(500, 'internal_error', 'Internal error'),
      'POST /admin/payment-details': () => failure(400, 'validation_failed', 'Check the form', { asset: 'No such asset in the catalogue: check its code' }),
    });
    m.setApiBase(api.base);
    await renderSection('payments');
    await screen.findByTestId('payments-empty');
    await userEvent.type(screen.getByTestId('payments-asset'), 'SBERRUB');
    await userEvent.type(screen.getByTestId('payments-account'), '4111 1111 1111 1112');
    await userEvent.click(screen.getByTestId('payments-add'));
    expect(await screen.findByText('Check the card number: a digit is wrong')).to.be.ok;
    expect(api.requests.filter((request) => request.method === 'POST')).to.deep.equal([]);
    await userEvent.clear(screen.getByTestId('payments-asset'));
    await userEvent.type(screen.getByTestId('payments-asset'), 'NOPE');
    await userEvent.clear(screen.getByTestId('payments-account'));
    await userEvent.type(screen.getByTestId('payments-account'), BTC_WALLET);
    await userEvent.click(screen.getByTestId('payments-add'));
    expect(await screen.findByText('No such asset in the catalogue: check its code')).to.be.ok;
    expect(api.requests.filter((request) => request.method === 'POST')).to.have.length(1);
  });

  it('shows the empty and the error states of the payment details', async () => {
    api = await startTestApi({ 'GET /admin/payment-details': ok({ details: [] }) });
    m.setApiBase(api.base);
    await renderSection('payments');
    expect((await screen.findByTestId('payments-empty')).textContent).to.equal('No payment details yet.');
    cleanup();
    api.on('GET /admin/payment-details', failure(500, 'internal_error', 'Server error'));
    await renderSection('payments');
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).to.equal('The payment details could not be loaded.');
  });

  it('switches maintenance on and off, each time after a confirmation, and shows the state', async () => {
    let state: MaintenanceState = { enabled: false, forced: false, stored: false };
    api = await startTestApi({
      'GET /admin/maintenance': () => ok(state),
      'PUT /admin/maintenance': ({ body }) => {
        const { enabled } = body as { enabled: boolean };
        state = { enabled, forced: false, stored: enabled };
        return ok(state);
      },
    });
    m.setApiBase(api.base);
    await renderSection('maintenance');
    expect((await screen.findByTestId('maintenance-state')).textContent).to.equal('Maintenance is off: the exchanger works normally.');
    await userEvent.click(screen.getByTestId('maintenance-toggle'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).to.include('Turn maintenance on?');
    await userEvent.click(within(dialog).getByTestId('maintenance-confirm'));
    await waitFor(() => expect(screen.getByTestId('maintenance-state').textContent).to.match(/^Maintenance is ON/));
    await userEvent.click(screen.getByTestId('maintenance-toggle'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('maintenance-confirm'));
    await waitFor(() => expect(screen.getByTestId('maintenance-state').textContent).to.match(/^Maintenance is off/));
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).to.deep.equal([{ enabled: true }, { enabled: false }]);
  });

  it('says when MAINTENANCE=1 forces it on', async () => {
    api = await startTestApi({ 'GET /admin/maintenance': ok({ enabled: true, forced: true, stored: false }) });
    m.setApiBase(api.base);
    await renderSection('maintenance');
    expect((await screen.findByTestId('maintenance-forced')).textContent).to.include('MAINTENANCE=1');
  });
});
