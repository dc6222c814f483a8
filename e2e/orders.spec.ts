/**
 * Orders end to end in Chromium (issue 5): on the home page a visitor picks a card → coin pair,
 * creates an order, lands on its page and watches the timer tick, confirms and uploads a card
 * photo; an operator, signed in in another browser context, approves the card on /operator and
 * marks the funds received; the customer's page follows every change without a reload until the
 * order is paid. This spec runs its own server with the worker (rates, order expiry) like
 * exchange.spec.ts. Screenshots of both pages at 1280 and 375 px go to /tmp/shots/.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { buildUser } from '../backend/accounts/testing';
import { currentTermsVersion } from '../backend/content/terms';
import { initModels } from '../backend/models';
import type { TestServer } from '../backend/test/server';
import { expectLocation, isSameDocument, markDocument } from './expectations';
import { newPage, PageProbe } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';
import { CARD_TO_COIN, createOrderInWidget, fillOrderInWidget, submitOrderInWidget } from './widgetOrder';

const LANG = 'en';

let server: TestServer;

async function open(url: string): Promise<{ page: Page; probe: PageProbe }> {
  const { page } = await newPage({ lang: LANG });
  const probe = new PageProbe(new URL(server.url).origin);
  probe.attach(page);
  await page.goto(server.url + url);
  return { page, probe };
}

/** A small real photo-like JPEG (a gradient with some noise), made in the test. */
async function cardPhoto(): Promise<Buffer> {
  const width = 320;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 90;
    pixels[i + 2] = (i * 7) % 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

const status = (page: Page) => page.getByTestId('order-status');

async function expectStatus(page: Page, key: string): Promise<void> {
  const wanted = text(LANG, key);
  try {
    await page.waitForFunction((label) => document.querySelector('[data-testid="order-status"]')?.textContent?.endsWith(label), wanted);
  } catch {
    throw new Error(`the order status is "${await status(page).textContent()}", expected "${wanted}"`);
  }
}

async function alertShown(page: Page, key: string): Promise<void> {
  await page.getByTestId('account-alert').filter({ hasText: text(LANG, key) }).first().waitFor({ state: 'visible' });
}

async function operatorAction(row: ReturnType<Page['getByTestId']>, action: string): Promise<void> {
  const button = row.getByTestId(`action-${action}`);
  await button.waitFor({ state: 'visible' });
  await button.click();
}

describe('orders end to end', () => {
  const running = useServerWithWorker();
  before(() => {
    server = running();
  });

  it('creates a card order on the home page, verifies the card, and an operator processes it while the page follows live', async function () {
    this.timeout(180_000);
    const operator = await buildUser(server.db.sequelize, { role: 'operator' });

    // The visitor: a card → coin pair on the home page, the smallest amount, the details.
    const { page, probe } = await open(`${CARD_TO_COIN}&r=friend42`);
    const uid = await createOrderInWidget(page, LANG);

    // Its page: /order/{uid}/{secret}, "order created", the confirm step and a ticking timer.
    await alertShown(page, 'order.alerts.created');
    await page.getByTestId('order-page').waitFor();
    expect(await page.getByTestId('order-uid').textContent()).to.contain(uid);
    await expectStatus(page, 'order.status.new');
    const timer = page.getByTestId('order-time-left');
    const first = await timer.textContent();
    expect(first).to.match(/^\d\d:\d\d$/);
    await page.waitForFunction((shown) => document.querySelector('[data-testid="order-time-left"]')?.textContent !== shown, first);
    await markDocument(page);
    await shoot(page, 'order-confirm');

    await page.getByTestId('order-confirm').click();
    await page.getByRole('heading', { name: text(LANG, 'order.card.title') }).waitFor();

    // The operator signs in (another context) and opens the console before the photo arrives.
    const { page: ops } = await newPage({ lang: LANG });
    await ops.goto(`${server.url}/operator`);
    await ops.locator('form input[name="email"]').fill(operator.email);
    await ops.locator('form input[name="password"]').fill(operator.password);
    await ops.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
    await ops.waitForURL((url) => url.pathname === '/operator');
    const row = ops.getByTestId(`operator-order-${uid}`);
    await row.waitFor({ state: 'visible' });
    // The referral code of the visit (`?r=`) came along with the order.
    expect(await row.textContent()).to.contain(text(LANG, 'order.operator.ref').replace('{{ref}}', 'friend42'));

    // The operator claims the order; a second operator's claim is refused, naming who holds it.
    await row.getByTestId(`claim-${uid}`).click();
    await row.getByTestId('assigned-to').filter({ hasText: operator.email }).waitFor();
    const second = await buildUser(server.db.sequelize, { role: 'operator' });
    const { page: ops2 } = await newPage({ lang: LANG });
    await ops2.goto(`${server.url}/operator/orders`);
    await ops2.locator('form input[name="email"]').fill(second.email);
    await ops2.locator('form input[name="password"]').fill(second.password);
    await ops2.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
    const secondRow = ops2.getByTestId(`operator-order-${uid}`);
    await secondRow.getByTestId('assigned-to').filter({ hasText: operator.email }).waitFor();
    await secondRow.getByTestId(`claim-${uid}`).click();
    expect(await secondRow.getByTestId(`claim-error-${uid}`).textContent()).to.contain(operator.email);
    await shoot(ops2, 'operator-claim-refused');
    await ops2.close();

    // The drawer: every field and the history, then back to the board.
    await row.getByTestId(`open-${uid}`).click();
    const drawer = ops.getByTestId('order-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('drawer-history').waitFor();
    expect(await drawer.textContent()).to.contain(uid);
    await shoot(ops, 'operator-drawer');
    await drawer.getByTestId('drawer-close').click();
    await drawer.waitFor({ state: 'detached' });

    // The photo, with its progress; the operator's row shows it without a reload.
    await page.locator('[data-testid="card-upload"] input[type="file"]').setInputFiles({
      name: 'card.jpg',
      mimeType: 'image/jpeg',
      buffer: await cardPhoto(),
    });
    await alertShown(page, 'order.alerts.photoUploaded');
    await page.getByTestId('card-pending').waitFor();
    const photo = row.getByRole('img', { name: text(LANG, 'order.operator.cardAlt').replace('{{uid}}', uid) });
    await photo.waitFor();
    await ops.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 320, await photo.elementHandle());
    await shoot(ops, 'operator-card');

    await operatorAction(row, 'card-approve');
    await page.getByRole('heading', { name: text(LANG, 'order.pay.title') }).waitFor();
    expect(await page.getByTestId('pay-account').isVisible()).to.equal(true);
    await page.getByTestId('payment-qr').waitFor();
    await shoot(page, 'order-pay');

    // The receipt (once: the page then says it is uploaded), and "I have paid" stops the timer.
    await page.locator('[data-testid="receipt-upload"] input[type="file"]').setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: await cardPhoto(),
    });
    await alertShown(page, 'order.alerts.receiptUploaded');
    await page.getByTestId('receipt-uploaded').waitFor();
    expect(await page.getByTestId('receipt-upload').count()).to.equal(0);
    await page.getByTestId('order-paid').click();
    await page.getByTestId('order-status-text').filter({ hasText: text(LANG, 'order.pay.paidAt') }).waitFor();
    await page.getByTestId('order-countdown').waitFor({ state: 'detached' });
    await row.getByRole('link', { name: text(LANG, 'order.operator.receipt') }).waitFor();

    // The receipt waits in the review queue: approved there, the order can be marked received.
    await ops.getByTestId('console-nav-reviews').click();
    await ops.getByTestId('reviews-tab-receipt').click();
    await ops.getByTestId(`approve-${uid}`).click();
    await ops.getByTestId('review-confirm').click();
    await ops.getByTestId(`review-${uid}`).waitFor({ state: 'detached' });
    await ops.getByTestId('console-nav-orders').click();

    await operatorAction(row, 'received');
    await expectStatus(page, 'order.status.progress');
    await operatorAction(row, 'done');
    await expectStatus(page, 'order.status.done');
    await page.getByTestId('order-history').waitFor();
    // The customer sees the role that acted, never the operator's identity.
    const history = (await page.getByTestId('order-history').textContent()) ?? '';
    expect(history).to.contain(`${text(LANG, 'order.history.actors.operator')} · ${text(LANG, 'order.history.actions.done')}`);
    expect(history).not.to.contain(operator.email);
    expect(await isSameDocument(page), 'the customer page was never reloaded').to.equal(true);
    expect(await row.getAttribute('data-status')).to.equal('done');
    await shoot(page, 'order-done');
    await shoot(ops, 'operator-done');
    probe.expectNoProblems();
  });

  it('links an order created in the browser by a signed-in customer to the account, the email prefilled', async () => {
    const customer = await buildUser(server.db.sequelize);
    const { page, probe } = await open('/login');
    await page.locator('form input[name="email"]').fill(customer.email);
    await page.locator('form input[name="password"]').fill(customer.password);
    await page.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
    await expectLocation(page, '/user/profile');

    await page.goto(server.url + CARD_TO_COIN);
    const uid = await createOrderInWidget(page, LANG, (email) => {
      expect(email).to.equal(customer.email);
    });
    const row = await initModels(server.db.sequelize).Order.findOne({ where: { uid } });
    expect(row?.userId).to.equal(customer.user.id);
    expect(row?.email).to.equal(customer.email);
    probe.expectNoProblems();
  });

  it('creates no order until the terms are accepted; the checkbox links to them and the order keeps the version accepted', async () => {
    const { Order, TermsVersion } = initModels(server.db.sequelize);
    const { page, probe } = await open(CARD_TO_COIN);
    await fillOrderInWidget(page, LANG);
    const form = page.locator('form').filter({ has: page.getByRole('checkbox') });
    const linkText = (tag: string) => new RegExp(`<${tag}>(.*?)</${tag}>`).exec(text(LANG, 'exchange.details.terms'))![1];
    const terms = form.getByRole('checkbox');
    expect(await terms.isChecked()).to.equal(false);
    expect(await terms.getAttribute('required')).not.to.equal(null);
    expect(await form.getByRole('link', { name: linkText('terms') }).getAttribute('href')).to.equal('/terms');
    expect(await form.getByRole('link', { name: linkText('aml') }).getAttribute('href')).to.equal('/aml-kyc');

    const before = await Order.count();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') posted.push(request.url());
    });
    await page.getByRole('button', { name: text(LANG, 'exchange.details.submit') }).click();
    await form.getByText(text(LANG, 'validation.terms_required')).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).to.equal('/');
    expect(posted, 'no order sent without the terms').to.deep.equal([]);
    expect(await Order.count()).to.equal(before);

    // The link opens the terms, which show the version in force.
    const current = await currentTermsVersion({ TermsVersion }, new Date());
    expect(current, 'a published version of the terms').to.be.a('number');
    const reader = await newPage({ lang: LANG });
    await reader.page.goto(server.url + (await form.getByRole('link', { name: linkText('terms') }).getAttribute('href'))!);
    await reader.page.getByText(new RegExp(`^${text(LANG, 'contentPages.terms.version', { version: String(current), date: '' }).trim()}`)).first().waitFor({ state: 'visible' });

    await terms.check();
    const uid = await submitOrderInWidget(page, LANG);
    expect((await Order.findOne({ where: { uid } }))?.termsVersion, 'the version accepted').to.equal(current);
    probe.expectNoProblems();
  });

  it('asks before cancelling an order: Escape keeps it, the confirm button cancels it', async () => {
    const { page, probe } = await open(CARD_TO_COIN);
    const uid = await createOrderInWidget(page, LANG);
    await expectStatus(page, 'order.status.new');
    const question = page.getByRole('dialog', { name: text(LANG, 'order.cancelDialog.title') });

    await page.getByTestId('order-cancel').click();
    await question.waitFor({ state: 'visible' });
    expect(await question.textContent()).to.contain(text(LANG, 'order.cancelDialog.text', { uid }));
    await shoot(page, 'order-cancel-question');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await page.getByTestId('order-cancel').click();
    await question.getByRole('button', { name: text(LANG, 'order.cancelDialog.keep') }).click();
    await question.waitFor({ state: 'detached' });
    const stored = initModels(server.db.sequelize).Order;
    expect((await stored.findOne({ where: { uid } }))?.status).to.equal('new');

    await page.getByTestId('order-cancel').click();
    await question.getByRole('button', { name: text(LANG, 'order.cancelDialog.confirm') }).click();
    await question.waitFor({ state: 'detached' });
    await expectStatus(page, 'order.status.deleted');
    await alertShown(page, 'order.alerts.canceled');
    expect((await stored.findOne({ where: { uid } }))?.status).to.equal('deleted');
    probe.expectNoProblems();
  });
});
