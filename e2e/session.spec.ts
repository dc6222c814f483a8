import { expect } from 'chai';
import { expectDocumentTitle, expectLocation } from './expectations';
import type { Page } from 'playwright-core';
import { buildUser } from '../backend/accounts/testing';
import { newPage, testServer } from './setup';
import { documentTitle, text } from './texts';

const SESSION_PATH = '/api/user/auth/session/get/';

/** Signs in through the login form the page shows. */
async function signIn(page: Page, role: 'user' | 'operator' | 'admin'): Promise<void> {
  const { email, password } = await buildUser(testServer().db.sequelize, { role });
  await page.locator('form input[name="email"]').fill(email);
  await page.locator('form input[name="password"]').fill(password);
  await page.getByRole('button', { name: text('en', 'auth.login.submit'), exact: true }).click();
}

describe('session', () => {
  for (const [role, landing] of [
    ['operator', '/operator'],
    ['admin', '/operator'],
    ['user', '/user/profile'],
  ] as const) {
    it(`lands a signed-in ${role} on ${landing} when no next was given`, async () => {
      const { page, probe } = await newPage({ lang: 'en' });
      await page.goto('/login');
      await signIn(page, role);
      await expectLocation(page, landing);
      probe.expectNoProblems();
    });
  }

  it('lands an operator on the next path when one was given', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    await page.goto('/login?next=%2Freserves');
    await signIn(page, 'operator');
    await expectLocation(page, '/reserves');
    probe.expectNoProblems();
  });

  for (const lang of ['ru', 'en'] as const) {
    it(`logs no console error and no failed request on an anonymous home page load (${lang})`, async () => {
      const { page, probe } = await newPage({ lang });
      // Every console error, Chromium's own "Failed to load resource" echo of an error status included.
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === SESSION_PATH);
      await page.goto('/');
      const session = await answer;
      expect(session.status()).to.equal(200);
      expect(((await session.json()) as { success: boolean; error?: { code: string } }).error?.code).to.equal('not_signed_in');
      await page.locator('.site-header__actions').getByRole('link', { name: text(lang, 'common.header.signIn') }).waitFor({ state: 'visible' });
      expect(consoleErrors).to.deep.equal([]);
      probe.expectNoProblems();
    });
  }

  it('is fetched silently once on the first load, not again on later navigations', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === SESSION_PATH) sessionRequests.push(request.method());
    });
    const firstAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === SESSION_PATH);
    await page.goto('/faq');
    await firstAnswer;
    await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.faq.title')));
    await page.locator('.site-header__nav').getByRole('link', { name: text('en', 'common.nav.reserves'), exact: true }).click();
    await expectLocation(page, '/reserves');
    await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.reserves.title')));
    expect(sessionRequests).to.deep.equal(['GET']);
    probe.expectNoProblems();
  });

  it('shows the sign-in entry to a signed-out visitor', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    await page.goto('/');
    const signIn = page.locator('.site-header__actions').getByRole('link', { name: text('en', 'common.header.signIn') });
    await signIn.waitFor({ state: 'visible' });
    expect(await signIn.getAttribute('href')).to.equal('/login');
    probe.expectNoProblems();
  });
});
