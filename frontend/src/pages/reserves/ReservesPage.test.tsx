import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure } from '../../exchange/testing/apiServer';
import {
  loadExchangeModules,
  startExchangeHarness,
  type ExchangeHarness,
  type ExchangeModules,
} from '../../exchange/testing/harness';

let m: ExchangeModules;
let harness: ExchangeHarness;
const NBSP = '\u00a0';

async function renderReserves(): Promise<void> {
  harness.renderAt('/reserves', <m.ReservesPage />);
  await screen.findByRole('heading', { level: 2, name: /Cryptocurrencies/ });
}

const groupCodes = (name: RegExp) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-code'));

describe('reserves page', () => {
  before(async () => {
    m = await loadExchangeModules();
  });

  beforeEach(async () => {
    harness = await startExchangeHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('lists every enabled asset by type with its reserve', async () => {
    await renderReserves();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Reserves');
    expect(groupCodes(/Cryptocurrencies/)).to.deep.equal(['BTC', 'ETH', 'USDTTRC20']);
    expect(groupCodes(/Banks and payment systems/)).to.deep.equal(['SBERRUB', 'CARDKGS']);
    expect(groupCodes(/Cash in our offices/)).to.deep.equal(['CASHRUBMSK']);
    expect(screen.getByTestId('reserve-SBERRUB').textContent).to.equal(`1${NBSP}500${NBSP}000RUB`);
  });

  it('searches by name, code or network and says when nothing matches', async () => {
    await renderReserves();
    const search = screen.getByRole('searchbox', { name: 'Search reserves' });
    await userEvent.type(search, 'trc20');
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-code'))).to.deep.equal(['USDTTRC20']);
    await userEvent.clear(search);
    await userEvent.type(search, 'dogecoin');
    expect(screen.queryAllByRole('listitem')).to.deep.equal([]);
    expect(screen.getByText('Nothing found. Change the search settings.')).to.exist;
  });

  it('shows a reserve pushed by reserves:update', async () => {
    await renderReserves();
    act(() =>
      m.live.applyReservesUpdate({
        version: 6,
        reserves: [{ code: 'SBERRUB', amount: '1234567.89' }],
        removed: [],
        at: '2026-11-21T12:00:05.000Z',
      }),
    );
    expect(screen.getByTestId('reserve-SBERRUB').textContent).to.equal(`1${NBSP}234${NBSP}567.89RUB`);
  });

  it('shows the error of a failed load with a retry', async () => {
    harness.api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    harness.renderAt('/reserves', <m.ReservesPage />);
    expect((await screen.findByRole('alert')).textContent).to.contain('Rates are not ready yet');
    expect(screen.getByRole('button', { name: 'Try again' })).to.exist;
  });
});
