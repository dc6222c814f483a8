import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { AdminAssetDto, AdminDirectionDto, AdminReserveDto } from '../../../../../common/catalogueAdmin';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from '../testing/console';

/** The admin catalogue sections against a real HTTP API (modules through `import()`, see OperatorPage.test.tsx). */
async function load() {
  const [base, catalogueApi] = await Promise.all([loadConsole(), import('./api')]);
  return { ...base, directionQuery: catalogueApi.directionQuery };
}

/** A loaded machine (helpers share 2 CPUs): more than testing-library's default second. */
const SLOW = { timeout: 5000 };

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const ADMIN = staffUser('admin');

const BTC_SBER: AdminDirectionDto = {
  from: 'BTC',
  to: 'SBERRUB',
  enabled: true,
  markupPercent: '1.5',
  minAmount: '0.001',
  maxAmount: '10',
  rateTypes: ['fixed', 'float'],
  fixedPeriodMinutes: 30,
  manual: false,
  schedule: null,
  oneWay: false,
};

const SBER: AdminAssetDto = {
  code: 'SBERRUB',
  name: 'Sberbank',
  nameRu: 'Сбербанк',
  type: 'fiat',
  currency: 'RUB',
  network: null,
  precision: 2,
  icon: 'sberbank',
  reserve: '1000000',
  enabled: true,
  city: null,
  sortOrder: 1,
};

const SBER_RESERVE: AdminReserveDto = { code: 'SBERRUB', mode: 'computed', amount: '1000000', computed: '1000000', manual: null };

const renderSection = (section: string) => renderConsoleSection(m, section);

describe('admin catalogue sections', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /admin/directions': ok({ directions: [BTC_SBER], total: 1, page: 1, pageSize: 50 }),
      'GET /admin/assets': ok({ assets: [SBER] }),
      'GET /admin/reserves': ok({ reserves: [SBER_RESERVE] }),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: ADMIN, known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('links the admin sections for an admin and hides them from an operator', async () => {
    await renderSection('directions');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).to.include.members([
      '/operator/orders',
      '/operator/directions',
      '/operator/assets',
      '/operator/reserves',
    ]);
    cleanup();
    m.useSessionStore.setState({ user: { ...ADMIN, role: 'operator' }, known: true });
    await renderSection('orders');
    const operatorNav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(operatorNav).getAllByRole('link').map((link) => link.textContent)).to.include('Orders').and.not.include('Directions');
  });

  it('searches directions by code and saves a new markup with only the changed field', async () => {
    let saved: unknown;
    api.on('PATCH /admin/directions/BTC/SBERRUB', ({ body }) => {
      saved = body;
      return ok({ ...BTC_SBER, markupPercent: '2.5' });
    });
    await renderSection('directions');
    const row = await screen.findByTestId('direction-BTC-SBERRUB', {}, SLOW);
    await userEvent.type(screen.getByTestId('directions-search'), 'btc!');
    await waitFor(() => expect(api.requests.some((request) => request.path === '/admin/directions' && request.method === 'GET')).to.equal(true), SLOW);
    expect((screen.getByTestId('directions-search') as HTMLInputElement).value).to.equal('btc');
    expect(m.directionQuery({ q: 'btc sberrub', page: 1 })).to.deep.equal({ from: 'BTC', to: 'SBERRUB', page: 1 });
    expect(m.directionQuery({ q: 'btc', page: 2 })).to.deep.equal({ q: 'btc', page: 2 });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const markup = screen.getByRole('textbox', { name: 'Markup, %' });
    await userEvent.clear(markup);
    await userEvent.type(markup, '2.5');
    await userEvent.click(screen.getByTestId('direction-save'));
    await waitFor(() => expect(saved).to.deep.equal({ markupPercent: '2.5' }), SLOW);
    await waitFor(() => expect(screen.queryByTestId('direction-form')).to.equal(null), SLOW);
  });

  it('shows the server refusal of a field next to it and keeps the dialog open', async () => {
    api.on('PATCH /admin/directions/BTC/SBERRUB', failure(400, 'validation_failed', 'Check the fields', { minAmount: 'Enter a valid number' }));
    await renderSection('directions');
    await userEvent.click(within(await screen.findByTestId('direction-BTC-SBERRUB', {}, SLOW)).getByRole('button', { name: 'Edit' }));
    const min = screen.getByRole('textbox', { name: 'Minimum amount' });
    await userEvent.clear(min);
    await userEvent.type(min, '1e3');
    await userEvent.click(screen.getByTestId('direction-save'));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).to.include('Check the fields');
    expect(screen.getByText('Enter a valid number')).to.exist;
    expect(screen.getByTestId('direction-form')).to.exist;
  });

  it('asks before disabling a direction and sends nothing when cancelled', async () => {
    let saved: unknown;
    api.on('PATCH /admin/directions/BTC/SBERRUB', ({ body }) => {
      saved = body;
      return ok({ ...BTC_SBER, enabled: false });
    });
    await renderSection('directions');
    await userEvent.click(within(await screen.findByTestId('direction-BTC-SBERRUB', {}, SLOW)).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(screen.getByTestId('direction-save'));
    expect(screen.getByText(/Disable BTC → SBERRUB\?/)).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.method === 'PATCH')).to.deep.equal([]);
    await userEvent.click(screen.getByTestId('direction-save'));
    await userEvent.click(screen.getByTestId('confirm-disable'));
    await waitFor(() => expect(saved).to.deep.equal({ enabled: false }), SLOW);
  });

  it('edits the working hours of a manual direction', async () => {
    let saved: unknown;
    api.on('PATCH /admin/directions/BTC/SBERRUB', ({ body }) => {
      saved = body;
      return ok(BTC_SBER);
    });
    await renderSection('directions');
    await userEvent.click(within(await screen.findByTestId('direction-BTC-SBERRUB', {}, SLOW)).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manual (an operator pays out)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set working hours' }));
    const range = screen.getByTestId('schedule-range');
    await userEvent.selectOptions(within(range).getByRole('combobox', { name: 'Day' }), 'Sunday');
    const to = within(range).getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '02:00');
    await userEvent.click(screen.getByTestId('direction-save'));
    await waitFor(() =>
      expect(saved).to.deep.equal({ manual: true, schedule: { utcOffsetMinutes: 180, ranges: [{ day: 6, from: '09:00', to: '02:00' }] } }),
    );
  });

  it('edits an asset name in Russian', async () => {
    let saved: unknown;
    api.on('PATCH /admin/assets/SBERRUB', ({ body }) => {
      saved = body;
      return ok({ ...SBER, nameRu: 'СберБанк' });
    });
    await renderSection('assets');
    await userEvent.click(within(await screen.findByTestId('asset-SBERRUB', {}, SLOW)).getByRole('button', { name: 'Edit' }));
    const nameRu = screen.getByRole('textbox', { name: 'Name (Russian)' });
    await userEvent.clear(nameRu);
    await userEvent.type(nameRu, 'СберБанк');
    await userEvent.click(screen.getByTestId('asset-save'));
    await waitFor(() => expect(saved).to.deep.equal({ nameRu: 'СберБанк' }), SLOW);
  });

  it('says how a reserve is set and switches it to a manual amount', async () => {
    let saved: unknown;
    api.on('PUT /admin/reserves/SBERRUB', ({ body }) => {
      saved = body;
      return ok({ ...SBER_RESERVE, mode: 'manual', amount: '500', manual: '500' });
    });
    await renderSection('reserves');
    const row = await screen.findByTestId('reserve-SBERRUB', {}, SLOW);
    expect(within(row).getByTestId('reserve-published').textContent).to.equal('1000000Computed');
    await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Mode' }), 'manual');
    const amount = within(row).getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(within(row).getByTestId('reserve-save'));
    await waitFor(() => expect(saved).to.deep.equal({ mode: 'manual', amount: '500' }), SLOW);
  });

  it('shows the error of a failed list', async () => {
    api.on('GET /admin/assets', failure(500, 'internal', 'Something went wrong'));
    await renderSection('assets');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).to.equal('Something went wrong');
  });
});
