/**
 * Asset names in both languages in Chromium (issue 10, item 19): the Russian interface names
 * banks and cash in Russian, and the asset search finds Sberbank by "сбер" and by "sber". Runs
 * its own server with the rate worker (the widget and the reserves need live rates).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { newPage, PageProbe } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

describe('asset names in both languages', () => {
  const server = useServerWithWorker();

  async function open(url: string): Promise<{ page: Page; probe: PageProbe }> {
    const { page } = await newPage({ lang: 'ru' });
    const probe = new PageProbe(new URL(server().url).origin);
    probe.attach(page);
    await page.goto(server().url + url);
    return { page, probe };
  }

  it('finds Sberbank in the Russian asset modal by "сбер" and by "sber", named Сбербанк', async () => {
    const { page, probe } = await open('/');
    await page.getByTestId('exchange-rate').waitFor();
    await page.getByTestId('exchange-widget').getByRole('button', { name: /^Отдаёте/ }).click();
    const dialog = page.getByRole('dialog', { name: text('ru', 'exchange.modal.titleSend') });
    for (const query of ['сбер', 'sber']) {
      await dialog.getByRole('combobox').fill(query);
      const options = dialog.getByRole('option');
      await page.waitForFunction(() => document.querySelectorAll('[role="dialog"] [role="option"]').length === 1);
      expect(await options.getAttribute('data-code'), query).to.equal('SBERRUB');
      expect(await options.locator('.asset-option__name').textContent(), query).to.equal('Сбербанк');
    }
    probe.expectNoProblems();
  });

  it('names banks and cash in Russian on the Russian reserves page, coins in Latin letters', async () => {
    const { page, probe } = await open('/reserves');
    const name = (code: string) => page.locator(`.reserve-card[data-code="${code}"] .reserve-card__name`);
    await name('SBERRUB').waitFor();
    expect(await name('SBERRUB').textContent()).to.equal('Сбербанк');
    expect(await name('CASHRUBMSK').textContent()).to.equal('Наличные RUB (Москва)');
    expect(await name('BTC').textContent()).to.equal('Bitcoin');
    probe.expectNoProblems();
  });
});
