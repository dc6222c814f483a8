import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure } from '../../exchange/testing/apiServer';
import { ASSETS, CATALOGUE } from '../../exchange/testing/fixtures';
import { RESERVES_SHOWN } from './reserveGroups';
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

  it('shows a reserve pushed by reserves:update, lighting up only the changed one', async () => {
    await renderReserves();
    const lit = () => [...document.querySelectorAll('.reserve-card__amount--changed')].map((amount) => amount.closest('li')!.getAttribute('data-code'));
    // The amounts the page first shows do not flash.
    expect(lit()).to.deep.equal([]);
    act(() =>
      m.live.applyReservesUpdate({
        version: 6,
        // CARDKGS moves below its 2 places: what it shows does not change, so it does not light up.
        reserves: [
          { code: 'SBERRUB', amount: '1234567.89' },
          { code: 'CARDKGS', amount: '950000.004' },
        ],
        removed: [],
        at: '2026-11-21T12:00:05.000Z',
      }),
    );
    expect(screen.getByTestId('reserve-SBERRUB').textContent).to.equal(`1${NBSP}234${NBSP}567.89RUB`);
    expect(lit()).to.deep.equal(['SBERRUB']);
  });

  it('shows a large group a part at a time, and searches all of it', async () => {
    await harness.close();
    const coins = Array.from({ length: 75 }, (_, index) => {
      const code = `GEN${String(index + 1).padStart(3, '0')}`;
      return { ...ASSETS[0]!, code, name: `Generated ${index + 1}`, currency: code, icon: code.toLowerCase(), reserve: String(index + 1) };
    });
    coins[0] = { ...coins[0]!, reserve: '13410404.6242774566473988' };
    coins[1] = { ...coins[1]!, precision: 18, reserve: '2.1234567891234' };
    harness = await startExchangeHarness(m, { ...CATALOGUE, assets: [...ASSETS, ...coins] });
    await renderReserves();
    const shown = RESERVES_SHOWN;
    expect(groupCodes(/Cryptocurrencies/)).to.have.length(shown);
    expect(groupCodes(/Banks and payment systems/)).to.deep.equal(['SBERRUB', 'CARDKGS']);
    // The count beside the title is the whole group's.
    expect(within(screen.getByRole('heading', { level: 2, name: /Cryptocurrencies/ })).getByText('78')).to.exist;
    // Shown at the asset's precision, 8 places at most, cut toward zero.
    expect(screen.getByTestId('reserve-GEN001').textContent).to.equal(`13${NBSP}410${NBSP}404.62427745GEN001`);
    expect(screen.getByTestId('reserve-GEN002').textContent).to.equal('2.12345678GEN002');
    // Each "Show more" adds as many again, and says how many are left.
    for (let listed = shown; listed < 78; listed += shown) {
      await userEvent.click(screen.getByRole('button', { name: `Show more (${78 - listed} left)` }));
      expect(groupCodes(/Cryptocurrencies/)).to.have.length(Math.min(78, listed + shown));
    }
    expect(screen.queryByRole('button', { name: /Show more/ })).to.equal(null);
    expect(screen.getByTestId('reserve-GEN075').textContent).to.equal('75GEN075');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search reserves' }), 'Generated 74');
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-code'))).to.deep.equal(['GEN074']);
  });

  it('shows the error of a failed load with a retry', async () => {
    harness.api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    harness.renderAt('/reserves', <m.ReservesPage />);
    expect((await screen.findByRole('alert')).textContent).to.contain('Rates are not ready yet');
    expect(screen.getByRole('button', { name: 'Try again' })).to.exist;
  });
});
