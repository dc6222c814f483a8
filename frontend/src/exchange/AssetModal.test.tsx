import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { ASSETS, DIRECTIONS } from './testing/fixtures';
import { loadExchangeModules, startExchangeHarness, type ExchangeHarness, type ExchangeModules } from './testing/harness';

let m: ExchangeModules;
let harness: ExchangeHarness;

async function openPicker(side: 'send' | 'receive', url = '/'): Promise<HTMLElement> {
  harness.renderAt(url, <m.ExchangeWidget />);
  await screen.findByTestId('exchange-rate');
  const selector = side === 'send' ? /^You send/ : /^You receive/;
  await userEvent.click(screen.getByRole('button', { name: selector }));
  return screen.getByRole('dialog');
}

const optionCodes = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.getAttribute('data-code'));
const activeCode = (dialog: HTMLElement) => {
  const id = within(dialog).getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.getAttribute('data-code') : null;
};

describe('asset modal', () => {
  before(async () => {
    m = await loadExchangeModules();
  });

  beforeEach(async () => {
    harness = await startExchangeHarness(m);
  });

  afterEach(async () => {
    await harness.close();
  });

  it('opens from the send selector with the assets the asset list says can be sent, the chosen one marked', async () => {
    const dialog = await openPicker('send');
    expect(within(dialog).getByRole('heading').textContent).to.equal('Choose what you send');
    // ETH's only direction has a stale rate: it is listed (the asset list knows its direction), and shown unavailable once chosen.
    expect(optionCodes(dialog)).to.deep.equal(['BTC', 'ETH', 'USDTTRC20', 'SBERRUB']);
    expect(within(dialog).getByRole('option', { selected: true }).getAttribute('data-code')).to.equal('BTC');
  });

  it('sets the open flag and puts modal-open on the body while open', async () => {
    await openPicker('send');
    expect(m.useAssetModalStore.getState().open).to.equal(true);
    expect(document.body.classList.contains('modal-open')).to.equal(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(m.useAssetModalStore.getState().open).to.equal(false);
    expect(document.body.classList.contains('modal-open')).to.equal(false);
  });

  it('lists on the receive side only what the sent asset can become, with reserves', async () => {
    const dialog = await openPicker('receive');
    expect(within(dialog).getByRole('heading').textContent).to.equal('Choose what you receive');
    expect(optionCodes(dialog)).to.deep.equal(['USDTTRC20', 'SBERRUB', 'CARDKGS', 'CASHRUBMSK']);
    expect(within(dialog).getByRole('option', { name: /Sberbank/ }).textContent).to.contain('1\u00a0500\u00a0000\u00a0RUB');
  });

  it('filters by the all, crypto, fiat and cash tabs, each with its count', async () => {
    const dialog = await openPicker('receive');
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).to.deep.equal(['All4', 'Crypto1', 'Fiat2', 'Cash1']);
    await userEvent.click(within(dialog).getByRole('tab', { name: /Fiat/ }));
    expect(optionCodes(dialog)).to.deep.equal(['SBERRUB', 'CARDKGS']);
    expect(within(dialog).getByRole('tab', { name: /Fiat/ }).getAttribute('aria-selected')).to.equal('true');
    await userEvent.click(within(dialog).getByRole('tab', { name: /Cash/ }));
    expect(optionCodes(dialog)).to.deep.equal(['CASHRUBMSK']);
  });

  it('searches by code, name and network', async () => {
    const dialog = await openPicker('receive');
    const search = within(dialog).getByRole('combobox', { name: 'Search currencies' });
    await userEvent.type(search, 'trc20');
    expect(optionCodes(dialog)).to.deep.equal(['USDTTRC20']);
    await userEvent.clear(search);
    await userEvent.type(search, 'visa');
    expect(optionCodes(dialog)).to.deep.equal(['CARDKGS']);
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).to.deep.equal(['All1', 'Crypto0', 'Fiat1', 'Cash0']);
  });

  it('finds Sberbank by "сбер" and "sber", and names it in the interface language', async () => {
    const i18n = (await import('../../test/i18n')).default;
    const dialog = await openPicker('send');
    const search = within(dialog).getByRole('combobox');
    for (const query of ['сбер', 'sber']) {
      await userEvent.clear(search);
      await userEvent.type(search, query);
      expect(optionCodes(dialog), query).to.deep.equal(['SBERRUB']);
    }
    const name = () => within(dialog).getByRole('option').querySelector('.asset-option__name')?.textContent;
    expect(name()).to.equal('Sberbank');
    await act(() => i18n.changeLanguage('ru'));
    try {
      expect(name()).to.equal('Сбербанк');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('lists the first hundred of a large catalogue, says how many more, and finds the rest by search', async () => {
    await harness.close();
    const coins = Array.from({ length: 150 }, (_, index) => {
      const code = `GEN${String(index + 1).padStart(3, '0')}`;
      return { ...ASSETS[0]!, code, name: `Generated ${index + 1}`, currency: code, icon: code.toLowerCase() };
    });
    const directions = coins.map((coin) => ({ ...DIRECTIONS[0]!, from: coin.code, to: 'SBERRUB', extraFields: [] }));
    harness = await startExchangeHarness(m, { assets: [...ASSETS, ...coins], directions: [...DIRECTIONS, ...directions] });
    const dialog = await openPicker('send');
    expect(optionCodes(dialog)).to.have.length(100);
    expect(within(dialog).getByTestId('asset-picker-more').textContent).to.equal('54 more: type a name, code or network to find them');
    await userEvent.type(within(dialog).getByRole('combobox'), 'GEN150');
    expect(optionCodes(dialog)).to.deep.equal(['GEN150']);
    expect(within(dialog).queryByTestId('asset-picker-more')).to.equal(null);
  });

  it('asks to change the search when nothing matches', async () => {
    const dialog = await openPicker('send');
    await userEvent.type(within(dialog).getByRole('combobox'), 'dogecoin');
    expect(optionCodes(dialog)).to.deep.equal([]);
    expect(within(dialog).getByText('Nothing found. Change the search or choose another tab.')).to.exist;
  });

  it('starts on the chosen asset, moves with the arrows and picks with Enter', async () => {
    const dialog = await openPicker('receive');
    const search = within(dialog).getByRole('combobox');
    expect(document.activeElement).to.equal(search);
    expect(activeCode(dialog)).to.equal('SBERRUB');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeCode(dialog)).to.equal('CARDKGS');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(activeCode(dialog), 'stops at the first').to.equal('USDTTRC20');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(screen.getByRole('button', { name: 'You receive Tether TRC20: choose another currency' })).to.exist;
  });

  it('switches tabs with the left and right arrows', async () => {
    const dialog = await openPicker('send');
    within(dialog).getByRole('tab', { name: /All/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).to.match(/^Crypto/);
    expect(optionCodes(dialog)).to.deep.equal(['BTC', 'ETH', 'USDTTRC20']);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.textContent).to.match(/^Cash/);
  });

  it('picks an asset with a click', async () => {
    const dialog = await openPicker('receive');
    await userEvent.click(within(dialog).getByRole('option', { name: /Cash RUB/ }));
    expect(screen.getByRole('button', { name: 'You receive Cash RUB (Moscow): choose another currency' })).to.exist;
  });

  it('keeps the received asset when the new sent one reaches it, else picks one it reaches', async () => {
    let dialog = await openPicker('send');
    await userEvent.click(within(dialog).getByRole('option', { name: /Tether/ }));
    expect(await screen.findByRole('button', { name: /^You send Tether/ })).to.exist;
    expect(screen.getByRole('button', { name: /^You receive Sberbank/ })).to.exist;
    dialog = await (async () => {
      await userEvent.click(screen.getByRole('button', { name: /^You send/ }));
      return screen.getByRole('dialog');
    })();
    fireEvent.click(within(dialog).getByRole('option', { name: /Sberbank/ }));
    expect(await screen.findByRole('button', { name: /^You send Sberbank/ })).to.exist;
    expect(screen.getByRole('button', { name: /^You receive Bitcoin/ })).to.exist;
  });
});
