import { screen } from '@testing-library/react';
import { expect } from 'chai';
import {
  loadExchangeModules,
  startExchangeHarness,
  type ExchangeHarness,
  type ExchangeModules,
} from '../../exchange/testing/harness';

let m: ExchangeModules;
let harness: ExchangeHarness;

function renderPair(from: string, to: string) {
  return harness.renderAt(`/exchange/${from}/${to}`, <m.PairLandingPage params={{ from, to }} />);
}

const metaDescription = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('pair landing page', () => {
  before(async () => {
    m = await loadExchangeModules();
  });

  beforeEach(async () => {
    harness = await startExchangeHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('has its own title, description and heading, with the widget preset to the pair', async () => {
    renderPair('BTC', 'SBERRUB');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Exchange Bitcoin to Sberbank');
    expect(document.title).to.equal('Exchange Bitcoin to Sberbank — Exchanger');
    expect(metaDescription()).to.equal(
      'Exchange Bitcoin (BTC) to Sberbank (SBERRUB) online at a live fixed or floating rate: limits, reserve and the amount you receive shown upfront.',
    );
    expect(await screen.findByRole('button', { name: 'You receive Sberbank: choose another currency' })).to.exist;
    expect(screen.getByRole('link', { name: 'Bitcoin to Tether TRC20' }).getAttribute('href')).to.equal('/exchange/BTC/USDTTRC20');
  });

  it('puts the previous description back when it is left', async () => {
    const before = metaDescription();
    const view = renderPair('BTC', 'SBERRUB');
    await screen.findByRole('heading', { level: 1 });
    view.unmount();
    expect(metaDescription()).to.equal(before);
  });

  it('accepts codes in lower case', async () => {
    renderPair('usdttrc20', 'sberrub');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Exchange Tether TRC20 to Sberbank');
    expect((await screen.findByTestId('exchange-rate')).textContent).to.equal('1\u00a0USDT = 90\u00a0RUB');
  });

  it('shows the 404 page for an unknown code or a pair the catalogue does not offer', async () => {
    renderPair('BTC', 'NOPE');
    expect((await screen.findByTestId('not-found-message')).textContent).to.equal('Page not found: /exchange/BTC/NOPE');
    await harness.close();
    harness = await startExchangeHarness(m);
    renderPair('SBERRUB', 'CARDKGS');
    expect((await screen.findByTestId('not-found-message')).textContent).to.equal('Page not found: /exchange/SBERRUB/CARDKGS');
  });
});
