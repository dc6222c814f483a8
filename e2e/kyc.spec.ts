/**
 * Identity verification end to end in Chromium (issue 13): a signed-in user uploads a document
 * and a selfie on /user-actions/verification and sees Under Review; an operator, in another
 * browser context, opens the KYC queue of /operator/reviews, sees both pictures (signed links)
 * and refuses with a reason; the user's page shows the reason without a reload; a new submission
 * is verified and the profile says Verified. Screenshots at 1280 and 375 px go to /tmp/shots/.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { buildUser, TestClient } from '../backend/accounts/testing';
import type { TestServer } from '../backend/test/server';
import { picture } from '../backend/uploads/testing';
import { newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

const LANG = 'en';

describe('identity verification (KYC) in the browser', function () {
  this.timeout(120_000);
  const server = useServerWithWorker();

  async function openAs(s: TestServer, role: 'user' | 'operator', path: string): Promise<Page> {
    const account = await buildUser(s.db.sequelize, { role });
    const client = new TestClient(s.url, LANG);
    const answer = await client.signIn(account.email, account.password);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    const { page } = await newPage({ lang: LANG });
    await page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: s.url, sameSite: 'Lax' as const })));
    await page.goto(s.url + path);
    return page;
  }

  const kycStatus = (page: Page) => page.getByTestId('kyc-page-status');

  async function upload(page: Page): Promise<void> {
    const passport = await picture(480, 320).jpeg().toBuffer();
    const selfie = await picture(320, 480).png().toBuffer();
    await page.getByLabel(text(LANG, 'kyc.form.document')).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: passport });
    await page.getByLabel(text(LANG, 'kyc.form.selfie')).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: selfie });
    await page.getByTestId('kyc-submit').click();
    await page.waitForFunction((label) => document.querySelector('[data-testid="kyc-page-status"]')?.textContent === label, text(LANG, 'auth.profile.kycStatus.check'));
  }

  it('uploads, is refused with a reason live, uploads again and is verified', async () => {
    const s = server();
    const user = await openAs(s, 'user', '/user-actions/verification');
    await user.getByTestId('kyc-submit').waitFor({ state: 'visible' });
    expect(await kycStatus(user).textContent()).to.equal(text(LANG, 'auth.profile.kycStatus.none'));
    await shoot(user, 'kyc-verification-form');
    await upload(user);

    const operator = await openAs(s, 'operator', '/operator/reviews');
    await operator.getByRole('tab', { name: text(LANG, 'kyc.queue.tab') }).click();
    const card = operator.locator('[data-testid^="kyc-review-"]').last();
    await card.waitFor({ state: 'visible' });
    const images = await card.locator('img').all();
    expect(images).to.have.length(2);
    for (const image of images) {
      const src = await image.getAttribute('src');
      const loaded = await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0, () => false));
      expect(loaded, `${src} → ${(await operator.request.get(s.url + src!)).status()}`).to.equal(true);
    }
    await shoot(operator, 'kyc-queue');
    await card.locator('[data-testid^="kyc-reject-"]').click();
    await operator.getByRole('textbox', { name: new RegExp(text(LANG, 'kyc.queue.reason').replace(/[()]/g, '.')) }).fill('The document is blurred');
    await operator.getByTestId('kyc-confirm').click();
    await operator.getByRole('dialog').waitFor({ state: 'detached' });

    await user.getByTestId('kyc-reason').waitFor({ state: 'visible' });
    expect(await user.getByTestId('kyc-reason').textContent()).to.equal(text(LANG, 'kyc.page.reason', { reason: 'The document is blurred' }));
    await upload(user);

    await operator.reload();
    await operator.getByRole('tab', { name: text(LANG, 'kyc.queue.tab') }).click();
    const again = operator.locator('[data-testid^="kyc-review-"]').last();
    await again.locator('[data-testid^="kyc-approve-"]').click();
    await operator.getByTestId('kyc-confirm').click();
    await user.waitForFunction((label) => document.querySelector('[data-testid="kyc-page-status"]')?.textContent === label, text(LANG, 'auth.profile.kycStatus.approve'));
    await user.goto(s.url + '/user/profile');
    await user.getByTestId('kyc-status').waitFor({ state: 'visible' });
    expect(await user.getByTestId('kyc-status').textContent()).to.equal(text(LANG, 'auth.profile.kycStatus.approve'));
  });
});
