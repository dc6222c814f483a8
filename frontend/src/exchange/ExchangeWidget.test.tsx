import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure, ok } from './testing/apiServer';
import { CATALOGUE, catalogueParts, RATES } from './testing/fixtures';
import { loadExchangeModules, startExchangeHarness, type ExchangeHarness, type ExchangeModules } from './testing/harness';

const NBSP = '\u00a0';
let m: ExchangeModules;
let harness: ExchangeHarness;

function renderWidget(url = '/') {
  return harness.renderAt(url, <m.ExchangeWidget syncUrl />);
}

const sendInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount you send/ });
const receiveInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount you receive/ });
const continueButton = () => screen.getByTestId('exchange-continue');
const here = () => window.location.pathname + window.location.search;

/** Waits until the widget shows the pair (its rate line). */
async function ready(): Promise<void> {
  await screen.findByTestId('exchange-rate');
}

/** Waits until the live feed holds the pair shown (its snapshot came after the catalogue's rates). */
async function livePair(key: string): Promise<void> {
  await waitFor(() => expect(m.live.useLiveRatesStore.getState().pairVersions.has(key)).to.equal(true));
}

function type(input: HTMLInputElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}

describe('exchange widget', () => {
  before(async () => {
    m = await loadExchangeModules();
  });

  beforeEach(async () => {
    harness = await startExchangeHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('shows a loading skeleton, then the default pair with its live rate and reserve', async () => {
    renderWidget();
    expect(screen.getByRole('status').textContent).to.equal('Loading the rates…');
    await ready();
    expect(screen.getByTestId('exchange-rate').textContent).to.equal(`1${NBSP}BTC = 7${NBSP}000${NBSP}000${NBSP}RUB`);
    expect(screen.getByTestId('exchange-reserve').textContent).to.equal(`1${NBSP}500${NBSP}000${NBSP}RUB`);
    expect(screen.getByRole('button', { name: 'You send Bitcoin: choose another currency' })).to.exist;
    expect(screen.getByRole('button', { name: 'You receive Sberbank: choose another currency' })).to.exist;
  });

  describe("the home page's prerendered rate (backend/seo/shell.ts)", () => {
    const PRERENDERED = { from: 'BTC', to: 'SBERRUB', fromCurrency: 'BTC', toCurrency: 'RUB', in: '1', out: '6900000.5', reserve: '1400000' };

    /** The server's page: its JSON script, read as main.tsx reads it before React replaces the first screen. */
    function holdFromPage(rate: unknown): void {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = 'prerendered-rate';
      script.textContent = JSON.stringify(rate);
      document.body.append(script);
      m.prerendered.holdPrerenderedRate(document);
      script.remove();
    }

    afterEach(() => m.prerendered.forgetPrerenderedRate());

    it('shows it while the widget loads, then the live rate in its place, and never again', async () => {
      holdFromPage(PRERENDERED);
      const view = renderWidget();
      expect(screen.getByTestId('exchange-rate-preview').textContent).to.equal(`1${NBSP}BTC = 6${NBSP}900${NBSP}000.50${NBSP}RUB`);
      expect(screen.getByRole('status').textContent).to.equal('Loading the rates…');
      await ready();
      expect(screen.queryByTestId('exchange-rate-preview')).to.equal(null);
      expect(screen.getByTestId('exchange-rate').textContent).to.equal(`1${NBSP}BTC = 7${NBSP}000${NBSP}000${NBSP}RUB`);
      view.unmount();
      renderWidget();
      expect(screen.queryByTestId('exchange-rate-preview')).to.equal(null);
    });

    it('is not shown for another pair: one in the address, or another one chosen before', async () => {
      holdFromPage(PRERENDERED);
      const view = renderWidget('/?from=USDTTRC20&to=SBERRUB');
      expect(screen.queryByTestId('exchange-rate-preview')).to.equal(null);
      view.unmount();
      m.useExchangeStore.getState().setPair('USDTTRC20', 'SBERRUB');
      renderWidget();
      expect(screen.queryByTestId('exchange-rate-preview')).to.equal(null);
      await ready();
    });

    it('ignores a page whose rate is not one (no preview, the skeleton as always)', async () => {
      holdFromPage({ ...PRERENDERED, out: '1e9' });
      renderWidget();
      expect(screen.queryByTestId('exchange-rate-preview')).to.equal(null);
      await ready();
    });
  });

  it('computes the amount received as the amount sent is typed', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0,05');
    expect(receiveInput().value).to.equal('350000');
    expect(continueButton().hasAttribute('disabled')).to.equal(false);
  });

  it('reads a pasted amount with thousands separators, and refuses an edit it would have to guess', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0,05');
    // An exponent or a sign is refused whole: the field keeps 0.05 (not 12 or 5).
    type(sendInput(), '1e-2');
    expect(sendInput().value).to.equal('0.05');
    type(sendInput(), '-5');
    expect(sendInput().value).to.equal('0.05');
    // "1,000.5" as pasted from a statement: one thousand and a half, not 1.0005.
    type(sendInput(), '1,000.5');
    expect(sendInput().value).to.equal('1000.5');
  });

  it('computes the amount to send, rounded up, as the amount received is typed', async () => {
    renderWidget();
    await ready();
    type(receiveInput(), '10000');
    expect(sendInput().value).to.equal('0.00142858');
  });

  it('shows the minimum under the amount sent and blocks continuing below it', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.0009');
    expect(screen.getByRole('alert').textContent).to.equal(`The value must not be below the minimum: 0.001${NBSP}BTC`);
    expect(sendInput().getAttribute('aria-invalid')).to.equal('true');
    expect(continueButton().hasAttribute('disabled')).to.equal(true);
  });

  it('says the reserve is insufficient for an amount above it', async () => {
    renderWidget();
    await ready();
    type(receiveInput(), '1500000.01');
    expect(screen.getByRole('alert').textContent).to.equal(
      `Insufficient reserve: we can pay out at most 1${NBSP}500${NBSP}000${NBSP}RUB right now`,
    );
    expect(receiveInput().getAttribute('aria-invalid')).to.equal('true');
  });

  it('calls more decimals than the asset keeps an invalid amount', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.123456789');
    expect(screen.getByRole('alert').textContent).to.equal('Invalid amount entered');
  });

  it('sets the amount to the minimum or the maximum from their buttons', async () => {
    renderWidget('/?from=USDTTRC20&to=SBERRUB');
    await ready();
    await userEvent.click(screen.getByRole('button', { name: `max 15${NBSP}000` }));
    expect(sendInput().value).to.equal('15000');
    expect(receiveInput().value).to.equal('1350000');
  });

  it('follows a live rate: the typed side stays and the other is recomputed', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.05');
    await livePair('BTC>SBERRUB');
    act(() =>
      m.live.applyPairFrame({ k: 'BTC>SBERRUB', v: 6, p: 5, d: { rate: '7100000', out: '7100000', updatedAt: '2026-11-21T12:00:05.000Z' } }),
    );
    expect(receiveInput().value).to.equal('355000');
    expect(screen.getByTestId('exchange-rate').textContent).to.equal(`1${NBSP}BTC = 7${NBSP}100${NBSP}000${NBSP}RUB`);
  });

  it('lights the rate up when it moves, not when the pair first shows', async () => {
    renderWidget();
    await ready();
    await livePair('BTC>SBERRUB');
    const lit = (testId: string) => screen.getByTestId(testId).classList.contains('exchange-facts__value--changed');
    expect(lit('exchange-rate')).to.equal(false);
    expect(lit('exchange-reserve')).to.equal(false);
    act(() =>
      m.live.applyPairFrame({ k: 'BTC>SBERRUB', v: 6, p: 5, d: { rate: '7100000', out: '7100000', updatedAt: '2026-11-21T12:00:05.000Z' } }),
    );
    expect(lit('exchange-rate')).to.equal(true);
    expect(lit('exchange-reserve')).to.equal(false);
  });

  it('presets the assets from the from and to query parameters', async () => {
    renderWidget('/?from=usdttrc20&to=SBERRUB');
    await ready();
    expect(screen.getByTestId('exchange-rate').textContent).to.equal(`1${NBSP}USDT = 90${NBSP}RUB`);
  });

  it('presets the pair and the amount to send from a repeated exchange (?amount=)', async () => {
    m.useExchangeStore.setState({ from: 'BTC', to: 'CARDKGS', amount: '3', side: 'receive' });
    renderWidget('/?from=USDTTRC20&to=SBERRUB&amount=150.5');
    await ready();
    await waitFor(() => expect(sendInput().value).to.equal('150.5'));
    expect(receiveInput().value).to.equal('13545');
    expect(screen.getByTestId('exchange-rate').textContent).to.equal(`1${NBSP}USDT = 90${NBSP}RUB`);
    // The visitor's own edit then stays.
    type(sendInput(), '200');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sendInput().value).to.equal('200');
  });

  it('presets the assets from cur_from and cur_to and writes them back as from and to', async () => {
    renderWidget('/?r=friend&cur_from=BTC&cur_to=CASHRUBMSK');
    await ready();
    expect(screen.getByRole('button', { name: 'You receive Cash RUB (Moscow): choose another currency' })).to.exist;
    await waitFor(() => expect(here()).to.equal('/?r=friend&from=BTC&to=CASHRUBMSK'));
  });

  it('completes a preset naming one known asset and ignores unknown codes', async () => {
    renderWidget('/?from=NOPE&to=CARDKGS');
    await ready();
    expect(screen.getByRole('button', { name: 'You send Bitcoin: choose another currency' })).to.exist;
    expect(screen.getByRole('button', { name: 'You receive Visa/Mastercard KGS: choose another currency' })).to.exist;
  });

  it('keeps the choice in sessionStorage for the next visit', async () => {
    renderWidget('/?from=USDTTRC20&to=SBERRUB');
    await ready();
    type(sendInput(), '100');
    const stored = JSON.parse(sessionStorage.getItem(m.EXCHANGE_STORAGE_KEY) ?? '{}') as { state?: unknown };
    expect(stored.state).to.deep.include({ from: 'USDTTRC20', to: 'SBERRUB', amount: '100', side: 'send' });
  });

  it('swaps the assets, the amount staying with its asset', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Swap currencies' }));
    expect(screen.getByRole('button', { name: 'You send Sberbank: choose another currency' })).to.exist;
    expect(receiveInput().value).to.equal('0.05');
    expect(sendInput().value).to.equal('356000.01');
    await waitFor(() => expect(here()).to.equal('/?from=SBERRUB&to=BTC'));
  });

  async function pick(side: 'send' | 'receive', name: RegExp): Promise<void> {
    await userEvent.click(screen.getByRole('button', { name: side === 'send' ? /^You send/ : /^You receive/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('option', { name }));
  }

  it('keeps the amount sent when another asset is chosen to receive, recomputing what is received', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.05');
    await pick('receive', /Tether TRC20/);
    expect(sendInput().value).to.equal('0.05');
    expect(receiveInput().value).to.equal('4000');
  });

  it('clears the amount sent when another asset is chosen to send', async () => {
    renderWidget();
    await ready();
    type(sendInput(), '0.05');
    await pick('send', /Tether TRC20/);
    // The new asset's directions load on demand.
    expect(await screen.findByRole('button', { name: 'You send Tether TRC20: choose another currency' })).to.exist;
    expect(sendInput().value).to.equal('');
    expect(receiveInput().value).to.equal('');
    expect(continueButton().hasAttribute('disabled')).to.equal(true);
  });

  it('keeps the amount received when another asset is chosen to send, and clears it for another asset received', async () => {
    renderWidget();
    await ready();
    type(receiveInput(), '9000');
    await pick('send', /Tether TRC20/);
    await screen.findByRole('button', { name: /^You send Tether TRC20/ });
    expect(receiveInput().value).to.equal('9000');
    expect(sendInput().value).to.equal('100');
    await pick('receive', /Bitcoin/);
    expect(receiveInput().value).to.equal('');
    expect(sendInput().value).to.equal('');
  });

  it('disables the swap of a direction available in one way only and says so', async () => {
    renderWidget('/?from=BTC&to=CARDKGS');
    await ready();
    const swap = screen.getByRole('button', { name: 'Swap currencies' });
    expect(swap.hasAttribute('disabled')).to.equal(true);
    expect(screen.getByTestId('one-way-hint').textContent).to.equal('Direction available in one way only');
    expect(swap.getAttribute('aria-describedby')).to.equal(screen.getByTestId('one-way-hint').id);
  });

  it('offers the fixed and floating rates where the direction allows both, and explains each', async () => {
    renderWidget();
    await ready();
    const group = screen.getByRole('radiogroup', { name: 'Rate type' });
    expect(within(group).getByRole('radio', { name: 'Fixed' })).to.have.property('checked', true);
    expect(screen.getByText('The rate is locked for 20 min once the order is created: you receive exactly the amount shown.')).to.exist;
    await userEvent.click(within(group).getByRole('radio', { name: 'Floating' }));
    expect(screen.getByText('The rate follows the market until your payment arrives, so the amount you receive may change.')).to.exist;
  });

  it('shows the only rate type of a direction without a choice', async () => {
    renderWidget('/?from=SBERRUB&to=BTC');
    await ready();
    expect(screen.queryByRole('radiogroup')).to.equal(null);
    expect(screen.getByText('Fixed')).to.exist;
    expect(screen.getByText('The rate is locked for 15 min once the order is created: you receive exactly the amount shown.')).to.exist;
  });

  it('does not offer a direction whose rate is stale', async () => {
    renderWidget('/?from=ETH&to=SBERRUB');
    expect((await screen.findByTestId('direction-unavailable')).textContent).to.match(/temporarily unavailable/);
    expect(screen.queryByTestId('exchange-rate')).to.equal(null);
    type(sendInput(), '1');
    expect(continueButton().hasAttribute('disabled')).to.equal(true);
  });

  it('stops offering a direction whose rate turns stale while shown', async () => {
    renderWidget();
    await ready();
    await livePair('BTC>SBERRUB');
    act(() =>
      m.live.applyPairFrame({ k: 'BTC>SBERRUB', v: 6, p: 5, d: { stale: true } }),
    );
    expect(screen.getByTestId('direction-unavailable')).to.exist;
  });

  it('shows the error of a failed load and loads again on retry', async () => {
    harness.api.on('GET /catalogue/assets', failure(503, 'service_unavailable', 'The database is not answering'));
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).to.contain('The database is not answering');
    harness.api.on('GET /catalogue/assets', catalogueParts(CATALOGUE)['GET /catalogue/assets']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await ready();
  });

  it('says so when nothing can be exchanged', async () => {
    harness.api.on('GET /catalogue/assets', ok({ assets: [], senders: [] }));
    renderWidget();
    expect((await screen.findByText(/No exchange directions are available right now/)).textContent).to.exist;
  });
});

describe('exchange widget order details', () => {
  before(async () => {
    m ??= await loadExchangeModules();
  });

  beforeEach(async () => {
    harness = await startExchangeHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  async function continueWith(amount: string): Promise<void> {
    renderWidget();
    await ready();
    type(sendInput(), amount);
    await userEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'Order details' });
  }

  it('keeps the choice and shows it above the details form', async () => {
    await continueWith('0.05');
    const summary = screen.getByTestId('order-summary');
    expect(summary.textContent).to.contain(`0.05${NBSP}BTC`);
    expect(summary.textContent).to.contain(`350${NBSP}000${NBSP}RUB`);
    expect(summary.textContent).to.contain('fixed for 20 min');
    expect(m.useExchangeStore.getState()).to.include({ step: 'details', amount: '0.05' });
  });

  it('asks for the fields of the direction: email, accounts, its extra field, comment and terms', async () => {
    await continueWith('0.05');
    const labels = [...document.querySelectorAll('form label')].map((label) => label.textContent);
    expect(labels).to.deep.equal([
      'Email*',
      'Your BTC wallet for a refund',
      'Card or account number to receive RUB*',
      'Card holder name, as on the card*',
      'Comment to the order',
      'I accept the terms of use and the AML/KYC policy',
    ]);
  });

  it('validates a field when it is left, not while typing', async () => {
    await continueWith('0.05');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await userEvent.type(email, 'nope');
    expect(screen.queryByText('Enter a valid email')).to.equal(null);
    await userEvent.tab();
    expect(screen.getByText('Enter a valid email')).to.exist;
  });

  it('shows every missing field on submit and sends nothing', async () => {
    await continueWith('0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(screen.getAllByText('This field is required')).to.have.length(3);
    expect(screen.getByText('Accept the terms of use to continue')).to.exist;
    expect(harness.api.requests.filter((request) => request.path === '/orders')).to.deep.equal([]);
  });

  it('refuses a wallet of another network and a mistyped card number before sending anything', async () => {
    await continueWith('0.05');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'client@example.com');
    // A TRC20 address as the BTC refund wallet, and a card number one digit off (Luhn).
    await userEvent.type(screen.getByRole('textbox', { name: /^Your BTC wallet/ }), 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card or account number/ }), '4111111111111112');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card holder name/ }), 'IVAN PETROV');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('This is not a BTC address: copy it from your wallet again')).to.exist;
    expect(screen.getByText('Check the card number: a digit is wrong')).to.exist;
    expect(harness.api.requests.filter((request) => request.path === '/orders')).to.deep.equal([]);
  });

  it('sends the order to POST /api/orders and shows the error the API answers', async () => {
    harness.api.on('POST /orders', failure(404, 'not_found', 'Orders are not accepted yet', { email: 'This email is blocked' }));
    await continueWith('0.05');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'client@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card or account number/ }), '4111111111111111');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card holder name/ }), 'IVAN PETROV');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect((await screen.findByTestId('order-error')).textContent).to.equal('Orders are not accepted yet');
    expect(screen.getByText('This email is blocked')).to.exist;
    const posted = harness.api.requests.filter((request) => request.path === '/orders');
    expect(posted.map((request) => request.body)).to.deep.equal([
      {
        from: 'BTC',
        to: 'SBERRUB',
        amountSend: '0.05',
        rateType: 'fixed',
        email: 'client@example.com',
        receiverAccount: '4111111111111111',
        extra: { cardHolder: 'IVAN PETROV' },
        agreeTerms: true,
      },
    ]);
  });

  async function fillDetails(): Promise<void> {
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'client@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card or account number/ }), '4111111111111111');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card holder name/ }), 'IVAN PETROV');
    await userEvent.click(screen.getByRole('checkbox'));
  }

  it('sends the stored referral code, says "order created" and opens the order page the API answers', async () => {
    const { useAlerts } = await import('../accounts/alerts');
    useAlerts.setState({ alerts: [] });
    harness.api.on('POST /orders', { status: 201, body: { success: true, data: { uid: 'AB12CD34EF', secret: 's3cr3t', url: '/order/AB12CD34EF/s3cr3t' } } });
    localStorage.setItem('referral', JSON.stringify({ ref: 'friend42', timestamp: Date.now() }));
    await continueWith('0.05');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(window.location.pathname).to.equal('/order/AB12CD34EF/s3cr3t'));
    localStorage.removeItem('referral');
    const [posted] = harness.api.requests.filter((request) => request.path === '/orders');
    expect(posted.body).to.include({ amountSend: '0.05', ref: 'friend42' });
    expect(useAlerts.getState().alerts.map((alert) => alert.message)).to.deep.equal(['Order created']);
    expect(m.useExchangeStore.getState()).to.include({ step: 'amounts', amount: '' });
  });

  it('shows an amount the server refuses above the form, since the amounts are on the first step', async () => {
    harness.api.on('POST /orders', failure(400, 'validation_failed', 'Value is incorrect', { amountSend: 'Insufficient reserve' }));
    await continueWith('0.05');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect((await screen.findByTestId('order-error')).textContent).to.equal('Insufficient reserve');
  });

  it('opens the maintenance page when the server refuses new orders for maintenance', async () => {
    harness.api.on('POST /orders', failure(503, 'maintenance', 'Technical maintenance is in progress'));
    await continueWith('0.05');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(window.location.pathname).to.equal('/maintenance'));
  });

  it('goes back to the amounts with the choice kept', async () => {
    await continueWith('0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(sendInput().value).to.equal('0.05');
  });
});
