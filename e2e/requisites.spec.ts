/**
 * Issue 13, saved requisites as a person meets them at 375 px: a signed-in user adds a card on
 * /user/requisites, uploads its photo beside the card photo rules, an operator approves it, and the
 * page turns it verified without a reload; at 1280 and 375 px it does not scroll sideways and has no
 * serious or critical axe violation. Screenshots: /tmp/shots/requisites-<step>-<width>.png.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { buildUser, TestClient } from '../backend/accounts/testing';
import { describeViolations, seriousViolations } from './axe';
import { MOBILE, newPage, testServer } from './setup';
import { shoot } from './shots';
import { text } from './texts';

describe('saved requisites (/user/requisites) at 375 px', () => {
  for (const LANG of ['en', 'ru'] as const) {
    it(`adds a card, uploads its photo, and shows it verified live once an operator approves it (${LANG})`, async function () {
      this.timeout(90_000);
      const server = testServer();
      const account = await buildUser(server.db.sequelize);
      const client = new TestClient(server.url, LANG);
      expect((await client.signIn(account.email, account.password)).status).to.equal(200);
      const { user: staff, email, password } = await buildUser(server.db.sequelize, { role: 'operator' });
      const operator = new TestClient(server.url, LANG);
      expect((await operator.signIn(email, password)).status, String(staff.id)).to.equal(200);

      const { page, probe } = await newPage({ viewport: MOBILE, lang: LANG });
      await page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
      await page.goto('/user/requisites');
      await page.getByTestId('requisites-empty').waitFor({ state: 'visible' });

      const form = page.getByRole('form', { name: text(LANG, 'requisites.addTitle') });
      await form.getByLabel(text(LANG, 'requisites.fields.asset')).selectOption('SBERRUB');
      await form.getByLabel(text(LANG, 'requisites.fields.number')).fill('4111 1111 1111 1111');
      await form.getByLabel(text(LANG, 'requisites.fields.holder')).fill('ANNA PETROVA');
      await form.getByLabel(text(LANG, 'requisites.fields.expiryMonth')).selectOption('12');
      await form.getByLabel(text(LANG, 'requisites.fields.expiryYear')).selectOption(String(new Date().getFullYear() + 2));
      await page.getByTestId('requisites-add').click();
      const item = page.locator('.requisites-item').first();
      await item.waitFor({ state: 'visible' });
      expect(await page.locator('.requisites-item__number').first().textContent()).to.equal('•••• 1111');
      await page.getByTestId('requisites-photo-rules').waitFor({ state: 'visible' });

      const found: string[] = [];
      const check = (what: string) => async (width: number) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await shoot(page, `requisites-added-${LANG}`, check('the added card'));

      const dir = path.join(tmpdir(), 'requisites-e2e');
      await mkdir(dir, { recursive: true });
      const photo = path.join(dir, 'card.png');
      await writeFile(photo, await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a6ea5' } }).png().toBuffer());
      await page.locator('.requisites-item input[type="file"]').setInputFiles(photo);
      await page.getByText(text(LANG, 'requisites.photoSent')).first().waitFor({ state: 'visible' });

      const queue = await operator.get('/operator/reviews/requisites');
      const waiting = (queue.body.data.items as Array<{ id: number; email: string }>).find((entry) => entry.email === account.email);
      expect(waiting, JSON.stringify(queue.body)).to.not.equal(undefined);

      // The operator approves it in the console's "Saved cards" queue, the photo shown through its signed link.
      const console = await newPage({ viewport: MOBILE, lang: LANG });
      await console.page.context().addCookies([...operator.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
      await console.page.goto('/operator/reviews');
      await console.page.getByRole('tab', { name: text(LANG, 'requisites.review.tab') }).click();
      const card = console.page.getByTestId(`review-requisite-${waiting!.id}`);
      await card.waitFor({ state: 'visible' });
      await card.getByRole('img').evaluate((image: HTMLImageElement) => (image.complete ? undefined : new Promise((resolve) => (image.onload = resolve))));
      expect(await card.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).to.equal(320);
      await shoot(console.page, `requisites-console-queue-${LANG}`, check('the console queue'));
      await card.getByTestId(`approve-requisite-${waiting!.id}`).click();
      await console.page.getByRole('dialog').getByTestId('review-confirm').click();
      await card.waitFor({ state: 'detached' });
      await page.getByTestId(`requisite-status-${waiting!.id}`).getByText(text(LANG, 'requisites.status.verified')).waitFor({ state: 'visible' });
      await shoot(page, `requisites-verified-${LANG}`, check('the verified card'));
      expect(found).to.deep.equal([]);
      expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
    });
  }
});
