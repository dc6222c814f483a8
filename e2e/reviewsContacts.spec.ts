/**
 * Reviews and the contacts form in Chromium, in both languages at 1280 and 375 px: a visitor
 * reviews a done order, an operator publishes it in the console (another browser context), it
 * appears on /reviews and /reviews/all-reviews; the contacts form reaches the mail outbox
 * (SUPPORT_EMAIL) and the console's messages. Axe finds no serious violation on any of them.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../common/api';
import { DONE_STATUS } from '../common/orderRules';
import { buildUser, TestClient, uniqueEmail } from '../backend/accounts/testing';
import { initModels } from '../backend/models';
import { listOutbox } from '../backend/test/mail';
import type { TestServer } from '../backend/test/server';
import { describeViolations, seriousViolations } from './axe';
import { createCardOrder } from './cardOrder';
import { newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

const SUPPORT = 'support@exchanger.test';

/** A page in `lang` carrying the session cookie of `client` (another browser context). */
async function openAs(server: TestServer, lang: Lang, client: TestClient) {
  const opened = await newPage({ lang });
  await opened.page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
  return opened;
}

/** Screenshots at both widths, collecting axe's serious findings at each. */
async function shootChecked(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  await shoot(page, name, async (width) => {
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.push(`${name} at ${width} px:\n${describeViolations(violations)}`);
  });
  return found;
}

describe('reviews and the contacts form: visitor, console, public pages (both languages, 1280 and 375 px)', function () {
  this.timeout(120_000);
  const running = useServerWithWorker({ SUPPORT_EMAIL: SUPPORT });
  let operator: TestClient;

  before(async function () {
    this.timeout(60_000);
    const server = running();
    const account = await buildUser(server.db.sequelize, { role: 'operator' });
    operator = new TestClient(server.url, 'en');
    expect((await operator.signIn(account.email, account.password)).status).to.equal(200);
  });

  for (const lang of LANGS) {
    it(`a visitor reviews a done order, an operator publishes it, it shows on /reviews (${lang})`, async () => {
      const server = running();
      const order = await createCardOrder(server.url, `review-${lang}`);
      // The operators' work on the order is not what this spec is about: the order is made done directly.
      const { Order } = initModels(server.db.sequelize);
      const row = (await Order.findOne({ where: { uid: order.uid } }))!;
      await row.update({ status: DONE_STATUS, confirmedAt: new Date(), receivedAmount: row.amountSend });
      const words = `${lang === 'ru' ? 'Обмен прошёл быстро' : 'Quick and clear exchange'} ${order.uid}`;
      const found: string[] = [];

      const { page: visitor, probe } = await newPage({ lang });
      await visitor.goto(`${server.url}/reviews`);
      const form = visitor.getByTestId('review-form');
      await form.getByLabel(text(lang, 'customerReviews.form.uid')).fill(order.uid);
      await form.getByLabel(text(lang, 'customerReviews.form.email')).fill(row.email);
      await form.getByLabel(text(lang, 'customerReviews.form.name')).fill(lang === 'ru' ? 'Анна' : 'Anna');
      await form.getByLabel(text(lang, 'customerReviews.form.rating')).selectOption('4');
      await form.locator('textarea[name="text"]').fill(words);
      found.push(...(await shootChecked(visitor, `reviews-form-${lang}`)));
      await form.getByRole('button', { name: text(lang, 'customerReviews.form.submit') }).click();
      expect(await visitor.getByTestId('review-sent').textContent()).to.equal(text(lang, 'customerReviews.submitted'));

      const { page: console_, probe: consoleProbe } = await openAs(server, lang, operator);
      await console_.goto(`${server.url}/operator/siteReviews`);
      const item = console_.getByTestId('site-reviews-list').locator('li', { hasText: words });
      await item.waitFor({ state: 'visible' });
      found.push(...(await shootChecked(console_, `console-siteReviews-${lang}`)));
      await item.getByRole('button', { name: text(lang, 'customerReviews.console.publish') }).click();
      await item.waitFor({ state: 'detached' });

      await visitor.goto(`${server.url}/reviews`);
      await visitor.getByTestId('review-list').getByText(words).waitFor({ state: 'visible' });
      expect(await visitor.getByTestId('review-summary').textContent()).to.contain(text(lang, 'customerReviews.averageValue', { average: '4.0' }));
      found.push(...(await shootChecked(visitor, `reviews-${lang}`)));
      await visitor.goto(`${server.url}/reviews/all-reviews?lang=${lang}&rating=4`);
      await visitor.getByTestId('review-list').getByText(words).waitFor({ state: 'visible' });
      found.push(...(await shootChecked(visitor, `all-reviews-${lang}`)));
      expect(found).to.deep.equal([]);
      expect(probe.consoleErrors, 'visitor console errors').to.deep.equal([]);
      expect(consoleProbe.consoleErrors, 'operator console errors').to.deep.equal([]);
    });

    it(`the contacts form reaches the outbox and the console's messages (${lang})`, async () => {
      const server = running();
      const email = uniqueEmail(`contact-${lang}`);
      const words = `${lang === 'ru' ? 'Хочу повышенный процент' : 'I would like a higher percentage'} ${email}`;
      const found: string[] = [];
      const { page: visitor, probe } = await newPage({ lang });
      await visitor.goto(`${server.url}/partners`);
      await visitor.getByRole('link', { name: text(lang, 'pages.partners.negotiate') }).click();
      const form = visitor.getByTestId('contact-form');
      await form.waitFor({ state: 'visible' });
      expect(await form.getByLabel(text(lang, 'contacts.fields.subject')).inputValue()).to.equal('referral');
      await form.getByLabel(text(lang, 'contacts.fields.name')).fill('Oleg');
      await form.getByLabel(text(lang, 'contacts.fields.email')).fill(email);
      await form.getByLabel(text(lang, 'contacts.fields.message')).fill(words);
      found.push(...(await shootChecked(visitor, `contacts-${lang}`)));
      await form.getByRole('button', { name: text(lang, 'contacts.submit') }).click();
      expect(await visitor.getByTestId('contact-sent').textContent()).to.equal(text(lang, 'contacts.sent'));

      const mails = (await listOutbox(server.config.outboxDir, { to: SUPPORT })).filter((mail) => mail.text?.includes(words));
      expect(mails, 'the mail to SUPPORT_EMAIL').to.have.length(1);

      const { page: console_, probe: consoleProbe } = await openAs(server, lang, operator);
      await console_.goto(`${server.url}/operator/messages`);
      const item = console_.getByTestId('messages-list').locator('li', { hasText: email });
      await item.waitFor({ state: 'visible' });
      await item.getByTestId('message-unread').waitFor({ state: 'visible' });
      await item.getByRole('button', { name: text(lang, 'contacts.console.open') }).click();
      await item.getByText(words).waitFor({ state: 'visible' });
      await item.getByTestId('message-unread').waitFor({ state: 'detached' });
      found.push(...(await shootChecked(console_, `console-messages-${lang}`)));
      expect(found).to.deep.equal([]);
      expect(probe.consoleErrors, 'visitor console errors').to.deep.equal([]);
      expect(consoleProbe.consoleErrors, 'operator console errors').to.deep.equal([]);
    });
  }
});
