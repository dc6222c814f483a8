import { expect } from 'chai';
import { expectDocumentTitle, expectLocation } from './expectations';
import { newPage } from './setup';
import { documentTitle, text } from './texts';

const SESSION_PATH = '/api/user/auth/session/get/';

describe('session', () => {
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
