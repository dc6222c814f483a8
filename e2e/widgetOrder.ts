import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import { text } from './texts';

/** The home page with the card → coin pair the order specs use. */
export const CARD_TO_COIN = '/?from=SBERRUB&to=BTC';

/**
 * Fills the widget of the page open at CARD_TO_COIN for an order of the smallest amount, up to the
 * terms checkbox (left as it is); `checkEmail` sees the email field as the form showed it (filled if empty).
 */
export async function fillOrderInWidget(page: Page, lang: Lang, checkEmail: (shown: string) => void = () => undefined): Promise<void> {
  const widget = page.getByTestId('exchange-widget');
  await widget.getByTestId('exchange-rate').waitFor({ state: 'visible' });
  await widget.getByRole('button', { name: new RegExp(`^${text(lang, 'exchange.min')} `) }).first().click();
  await page.getByTestId('exchange-continue').click();
  const email = page.locator('form input[name="email"]');
  await email.waitFor();
  checkEmail(await email.inputValue());
  if (!(await email.inputValue())) await email.fill('buyer@example.test');
  await page.locator('form input[name="senderAccount"]').fill('4111111111111111');
  await page.locator('form input[name="receiverAccount"]').fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await page.locator('form input[name="cardHolder"]').fill('IVAN PETROV');
}

/** Sends the filled order form and answers the new order's uid once its page is open. */
export async function submitOrderInWidget(page: Page, lang: Lang): Promise<string> {
  await page.getByRole('button', { name: text(lang, 'exchange.details.submit') }).click();
  await page.waitForURL((url) => /^\/order\/[^/]+\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[2];
}

/**
 * Creates an order of the smallest amount through the widget of the page open at CARD_TO_COIN
 * and answers its uid; `checkEmail` sees the email field as the form showed it (filled if empty).
 */
export async function createOrderInWidget(page: Page, lang: Lang, checkEmail: (shown: string) => void = () => undefined): Promise<string> {
  await fillOrderInWidget(page, lang, checkEmail);
  await page.getByRole('checkbox').check();
  return submitOrderInWidget(page, lang);
}
