/**
 * The exchange history end to end (issue 13): a user signs in, creates an order in the home
 * widget, opens /user/exchanges and sees it; an operator changes its status (through the API) and
 * the row follows without a reload; "repeat" opens the widget with the pair and amount, "open"
 * the order page. Screenshots at 1280 and 375 px in en and ru go to /tmp/shots/.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import { buildUser, TestClient } from '../backend/accounts/testing';
import type { TestServer } from '../backend/test/server';
import { isSameDocument, markDocument } from './expectations';
import { newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { CARD_TO_COIN, createOrderInWidget } from './widgetOrder';
import { useServerWithWorker } from './workerServer';

let server: TestServer;

async function signedInPage(lang: Lang, email: string, password: string): Promise<Page> {
  const { page } = await newPage({ lang });
  await page.goto(`${server.url}/login`);
  await page.locator('form input[name="email"]').fill(email);
  await page.locator('form input[name="password"]').fill(password);
  await page.getByRole('button', { name: text(lang, 'auth.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/user/profile');
  return page;
}

const statusOf = (page: Page, uid: string) => page.getByTestId(`exchange-${uid}`).getByTestId('exchange-status');

describe('user exchange history end to end', () => {
  const running = useServerWithWorker();
  before(() => {
    server = running();
  });

  it('lists the order the user created and follows an operator’s change live', async function () {
    this.timeout(180_000);
    const user = await buildUser(server.db.sequelize);
    // One document from the first visit on: the socket opens signed out (the widget's live rates), the
    // user signs in and reaches the history through links — the socket must join their room all the same.
    const { page } = await newPage({ lang: 'en' });
    await page.goto(server.url + CARD_TO_COIN);
    await page.getByTestId('exchange-widget').getByTestId('exchange-rate').waitFor({ state: 'visible' });
    await markDocument(page);
    await page.locator('.site-header__actions').getByRole('link', { name: text('en', 'common.header.signIn') }).click();
    await page.locator('form input[name="email"]').fill(user.email);
    await page.locator('form input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: text('en', 'auth.login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user/profile');
    await page.getByRole('banner').getByRole('link', { name: text('en', 'common.logoLabel') }).click();
    const uid = await createOrderInWidget(page, 'en', (email) => expect(email).to.equal(user.email));

    await page.locator('.site-header__actions').getByRole('link', { name: text('en', 'common.header.account') }).click();
    await page.getByRole('link', { name: text('en', 'common.userArea.userExchanges') }).click();
    await page.waitForURL((url) => url.pathname === '/user/exchanges');
    const row = page.getByTestId(`exchange-${uid}`);
    await row.waitFor({ state: 'visible' });
    expect(await statusOf(page, uid).textContent()).to.equal(text('en', 'order.status.new'));
    // The amounts in the side's currency, not the catalogue's code.
    expect(await row.textContent()).to.match(/\d\s?RUB/).and.not.contain('SBERRUB');

    // An operator puts the order on hold; the row changes in place.
    const operator = await buildUser(server.db.sequelize, { role: 'operator' });
    const ops = new TestClient(server.url);
    expect((await ops.signIn(operator.email, operator.password)).status).to.equal(200);
    expect((await ops.post(`/operator/orders/${uid}/hold`, {})).status).to.equal(200);
    await page.waitForFunction(
      ([id, label]) => document.querySelector(`[data-testid="exchange-${id}"] [data-testid="exchange-status"]`)?.textContent === label,
      [uid, text('en', 'order.status.hold')] as const,
    );
    expect(await isSameDocument(page)).to.equal(true);

    // The filters: in progress lists it, new says to change the filter.
    await page.getByRole('button', { name: text('en', 'exchanges.filter.new'), exact: true }).click();
    await page.getByTestId('exchanges-empty').waitFor();
    await shoot(page, 'user-exchanges-empty-en');
    await page.getByRole('button', { name: text('en', 'exchanges.filter.inProgress'), exact: true }).click();
    await row.waitFor({ state: 'visible' });
    await shoot(page, 'user-exchanges-en', async () => {
      expect(await row.isVisible()).to.equal(true);
    });

    // Repeat: the home widget with the same pair and amount.
    const amount = await page.evaluate((id) => new URL((document.querySelector(`[data-testid="exchange-${id}"] a.exchanges-repeat`) as HTMLAnchorElement).href).searchParams.get('amount'), uid);
    await row.getByRole('link', { name: text('en', 'exchanges.repeatLabel', { uid }) }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('from') === 'SBERRUB' && url.searchParams.get('to') === 'BTC');
    expect(amount).to.match(/^\d/);
    await page.waitForFunction((wanted) => [...document.querySelectorAll('input')].some((input) => input.value.replace(/\s/g, '') === wanted), amount);
    expect(amount).to.be.a('string');

    // Open: the order page by the owner's link.
    await page.goto(`${server.url}/user/exchanges`);
    await row.getByRole('button', { name: text('en', 'exchanges.openLabel', { uid }) }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/order/${uid}/`));
    await page.getByTestId('order-page').waitFor();

    // The same history in Russian.
    const ru = await signedInPage('ru', user.email, user.password);
    await ru.goto(`${server.url}/user/exchanges`);
    await ru.getByTestId(`exchange-${uid}`).waitFor({ state: 'visible' });
    expect(await statusOf(ru, uid).textContent()).to.equal(text('ru', 'order.status.hold'));
    await shoot(ru, 'user-exchanges-ru');
  });
});
