/**
 * Issue 13's whole path in Chromium, as a customer and an operator meet it: a user registers
 * (activation mail), signs in, orders a card → coin exchange and watches it change status live in
 * /user/exchanges; adds the same card with a photo on /user/requisites and sends a document and a
 * selfie on /user-actions/verification; an operator, in another browser context, approves the card
 * and the KYC in the console's review queues; the user's requisites and profile (open in two tabs)
 * say Verified without a reload, and the next card order skips the card check.
 */
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { LANG_COOKIE } from '../common/api';
import { buildUser, TestClient } from '../backend/accounts/testing';
import type { TestServer } from '../backend/test/server';
import { picture } from '../backend/uploads/testing';
import { mailLink } from './mail';
import { newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { CARD_TO_COIN, createOrderInWidget } from './widgetOrder';
import { useServerWithWorker } from './workerServer';

const LANG = 'en';
const PASSWORD = 'Str0ng!Pass-1';
const CARD = '4111111111111111';

/** A new browser context on `s` in LANG (its own cookies). */
async function contextOn(s: TestServer): Promise<{ page: Page; context: BrowserContext }> {
  const { page } = await newPage({ lang: LANG });
  const context = page.context();
  await context.addCookies([{ name: LANG_COOKIE, value: LANG, url: s.url, sameSite: 'Lax' }]);
  return { page, context };
}

/** The order's own answer, read with the secret its page address carries. */
async function orderOf(page: Page): Promise<{ uid: string; cardCheck: string }> {
  const [, , uid, secret] = new URL(page.url()).pathname.split('/');
  return page.evaluate(async ([id, key]) => (await (await fetch(`/api/orders/${id}/${key}`)).json()).data, [uid!, secret!] as const);
}

describe('the signed-in user area end to end (issue 13)', function () {
  this.timeout(300_000);
  const running = useServerWithWorker();

  it('registers, orders, follows the history live, gets a card and the identity verified by an operator, and the next card order skips the card check', async () => {
    const s = running();
    const email = `area-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { page: user, context } = await contextOn(s);

    // Registration and activation by the mailed link, then sign-in.
    await user.goto(`${s.url}/sign-up`);
    const field = (name: string) => user.locator(`form input[name="${name}"]`);
    await field('firstName').fill('Anna');
    await field('secondName').fill('Petrova');
    await field('email').fill(email);
    await field('phone').fill('+7 999 123-45-67');
    await field('password').fill(PASSWORD);
    await field('confirmPassword').fill(PASSWORD);
    await field('agreeTerms').check();
    await user.getByRole('button', { name: text(LANG, 'auth.signUp.submit') }).click();
    await user.getByTestId('sign-up-sent').waitFor({ state: 'visible' });
    await user.goto(s.url + (await mailLink(email, '/auth/')));
    await user.waitForURL((url) => url.pathname === '/success/confirm/account');
    await user.goto(`${s.url}/login`);
    await field('email').fill(email);
    await field('password').fill(PASSWORD);
    await user.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
    await user.waitForURL((url) => url.pathname === '/user/profile');

    // A card order while signed in: it waits for the card check.
    await user.goto(s.url + CARD_TO_COIN);
    const first = await createOrderInWidget(user, LANG, (shown) => expect(shown).to.equal(email));
    expect((await orderOf(user)).cardCheck).to.equal('required');

    // The history lists it; an operator's change reaches the row without a reload.
    await user.goto(`${s.url}/user/exchanges`);
    const status = user.getByTestId(`exchange-${first}`).getByTestId('exchange-status');
    await status.waitFor({ state: 'visible' });
    expect(await status.textContent()).to.equal(text(LANG, 'order.status.new'));
    const staff = await buildUser(s.db.sequelize, { role: 'operator' });
    const ops = new TestClient(s.url, LANG);
    expect((await ops.signIn(staff.email, staff.password)).status).to.equal(200);
    expect((await ops.post(`/operator/orders/${first}/hold`, {})).status).to.equal(200);
    await user.waitForFunction(
      ([uid, label]) => document.querySelector(`[data-testid="exchange-${uid}"] [data-testid="exchange-status"]`)?.textContent === label,
      [first, text(LANG, 'order.status.hold')] as const,
    );
    await shoot(user, 'user-area-history');

    // The same card saved with its photo.
    await user.goto(`${s.url}/user/requisites`);
    const form = user.getByRole('form', { name: text(LANG, 'requisites.addTitle') });
    await form.getByLabel(text(LANG, 'requisites.fields.asset')).selectOption('SBERRUB');
    await form.getByLabel(text(LANG, 'requisites.fields.number')).fill(CARD);
    await form.getByLabel(text(LANG, 'requisites.fields.holder')).fill('ANNA PETROVA');
    await form.getByLabel(text(LANG, 'requisites.fields.expiryMonth')).selectOption('12');
    await form.getByLabel(text(LANG, 'requisites.fields.expiryYear')).selectOption(String(new Date().getFullYear() + 2));
    await user.getByTestId('requisites-add').click();
    await user.locator('.requisites-item').first().waitFor({ state: 'visible' });
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    await user.locator('.requisites-item input[type="file"]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: photo });
    await user.getByText(text(LANG, 'requisites.photoSent')).first().waitFor({ state: 'visible' });

    // The identity: a document and a selfie, in a second tab of the same browser.
    const profile = await context.newPage();
    await profile.goto(`${s.url}/user-actions/verification`);
    await profile.getByTestId('kyc-submit').waitFor({ state: 'visible' });
    await profile.getByLabel(text(LANG, 'kyc.form.document')).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await picture(480, 320).jpeg().toBuffer() });
    await profile.getByLabel(text(LANG, 'kyc.form.selfie')).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await picture(320, 480).png().toBuffer() });
    await profile.getByTestId('kyc-submit').click();
    await profile.waitForFunction((label) => document.querySelector('[data-testid="kyc-page-status"]')?.textContent === label, text(LANG, 'auth.profile.kycStatus.check'));
    await profile.goto(`${s.url}/user/profile`);
    await profile.getByTestId('kyc-status').waitFor({ state: 'visible' });
    expect(await profile.getByTestId('kyc-status').textContent()).to.equal(text(LANG, 'auth.profile.kycStatus.check'));

    // The operator, in another browser context, approves the card, then the KYC.
    const queue = await ops.get('/operator/reviews/requisites');
    const waiting = (queue.body.data.items as Array<{ id: number; email: string }>).find((entry) => entry.email === email);
    expect(waiting, JSON.stringify(queue.body)).to.not.equal(undefined);
    const { page: console, context: staffContext } = await contextOn(s);
    await staffContext.addCookies([...ops.cookies].map(([name, value]) => ({ name, value, url: s.url, sameSite: 'Lax' as const })));
    await console.goto(`${s.url}/operator/reviews`);
    await console.getByRole('tab', { name: text(LANG, 'requisites.review.tab') }).click();
    const card = console.getByTestId(`review-requisite-${waiting!.id}`);
    await card.getByTestId(`approve-requisite-${waiting!.id}`).click();
    await console.getByRole('dialog').getByTestId('review-confirm').click();
    await card.waitFor({ state: 'detached' });
    await console.getByRole('tab', { name: text(LANG, 'kyc.queue.tab') }).click();
    const submission = console.locator('[data-testid^="kyc-review-"]').filter({ hasText: email });
    await submission.locator('[data-testid^="kyc-approve-"]').click();
    await console.getByTestId('kyc-confirm').click();
    await console.getByRole('dialog').waitFor({ state: 'detached' });

    // Both tabs say Verified without a reload.
    await user.getByTestId(`requisite-status-${waiting!.id}`).getByText(text(LANG, 'requisites.status.verified')).waitFor({ state: 'visible' });
    await profile.waitForFunction((label) => document.querySelector('[data-testid="kyc-status"]')?.textContent === label, text(LANG, 'auth.profile.kycStatus.approve'));
    await shoot(user, 'user-area-requisites-verified');
    await shoot(profile, 'user-area-profile-verified');

    // The next card order goes straight to payment.
    await user.goto(s.url + CARD_TO_COIN);
    const next = await createOrderInWidget(user, LANG);
    expect(next).to.not.equal(first);
    expect((await orderOf(user)).cardCheck).to.equal('not_required');
  });
});
