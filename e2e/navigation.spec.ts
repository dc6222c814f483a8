import { expect } from 'chai';
import { expectDocumentTitle, expectLocation, isSameDocument, markDocument } from './expectations';
import { baseUrl, newPage } from './setup';
import { documentTitle, text } from './texts';

/** Spec §2: the rules applied before every navigation, with where each address must end up. */
const RULES: readonly { from: string; to: string; title: string }[] = [
  { from: '/en/faq', to: '/faq', title: 'pages.faq.title' },
  { from: '/ru/reserves', to: '/reserves', title: 'pages.reserves.title' },
  { from: '/faq/', to: '/faq', title: 'pages.faq.title' },
  { from: '/index.html', to: '/', title: 'pages.home.title' },
  { from: '/index.php', to: '/', title: 'pages.home.title' },
  { from: '/reset-password/abc', to: '/?resetToken=abc', title: 'pages.home.title' },
];

describe('navigation rules', () => {
  describe('on direct loads', () => {
    for (const rule of RULES) {
      it(`answers ${rule.from} with a 301 to ${rule.to}`, async () => {
        const response = await fetch(new URL(rule.from, baseUrl()), { redirect: 'manual' });
        expect(response.status).to.equal(301);
        expect(response.headers.get('location')).to.equal(rule.to);
      });

      it(`shows ${rule.to} in the browser after loading ${rule.from}`, async () => {
        const { page, probe } = await newPage({ lang: 'en' });
        const response = await page.goto(rule.from);
        expect(response?.request().redirectedFrom()?.url()).to.equal(new URL(rule.from, baseUrl()).href);
        await expectLocation(page, rule.to);
        await expectDocumentTitle(page, documentTitle('en', text('en', rule.title)));
        probe.expectNoProblems();
      });
    }
  });

  describe('inside the app', () => {
    for (const rule of RULES) {
      it(`replaces ${rule.from} with ${rule.to} without reloading the page`, async () => {
        const { page, probe } = await newPage({ lang: 'en' });
        await page.goto('/contacts');
        await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.contacts.title')));
        await markDocument(page);
        await page.evaluate((to) => window.history.pushState(null, '', to), rule.from);
        await expectLocation(page, rule.to);
        await expectDocumentTitle(page, documentTitle('en', text('en', rule.title)));
        expect(await isSameDocument(page), 'the same document').to.equal(true);
        probe.expectNoProblems();
      });
    }

    it('follows a header link without reloading the page', async () => {
      const { page, probe } = await newPage({ lang: 'en' });
      await page.goto('/');
      await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.home.title')));
      await markDocument(page);
      await page.locator('.site-header__nav').getByRole('link', { name: text('en', 'common.nav.faq'), exact: true }).click();
      await expectLocation(page, '/faq');
      await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.faq.title')));
      expect(await isSameDocument(page), 'the same document').to.equal(true);
      probe.expectNoProblems();
    });

    it('goes back to the previous page after a replaced address', async () => {
      const { page, probe } = await newPage({ lang: 'en' });
      await page.goto('/contacts');
      await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.contacts.title')));
      await page.evaluate(() => window.history.pushState(null, '', '/en/faq/'));
      await expectLocation(page, '/faq');
      await page.goBack();
      await expectLocation(page, '/contacts');
      await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.contacts.title')));
      probe.expectNoProblems();
    });
  });
});
