import { expect } from 'chai';
import { expectDocumentTitle, expectLocation } from './expectations';
import { newPage } from './setup';
import { documentTitle, text } from './texts';

const SESSION_PATH = '/api/user/auth/session/get/';

describe('session', () => {
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
