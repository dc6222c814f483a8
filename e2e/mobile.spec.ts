import { expect } from 'chai';
import { expectDocumentTitle, expectLocation } from './expectations';
import { DESKTOP, MOBILE, newPage } from './setup';
import { documentTitle, text } from './texts';

describe(`mobile width (${MOBILE.width} px)`, () => {
  it('shows the burger button instead of the header navigation', async () => {
    const { page, probe } = await newPage({ viewport: MOBILE, lang: 'en' });
    await page.goto('/');
    await page.locator('.burger').waitFor({ state: 'visible' });
    expect(await page.locator('.site-header__nav').isVisible()).to.equal(false);
    probe.expectNoProblems();
  });

  it('opens the menu with the burger and closes it after following a link', async () => {
    const { page, probe } = await newPage({ viewport: MOBILE, lang: 'en' });
    await page.goto('/');
    const burger = page.getByRole('button', { name: text('en', 'common.header.menuOpen') });
    await burger.click();
    const menu = page.locator('#mobile-menu');
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: text('en', 'common.nav.faq'), exact: true }).click();
    await expectLocation(page, '/faq');
    await expectDocumentTitle(page, documentTitle('en', text('en', 'pages.faq.title')));
    await menu.waitFor({ state: 'hidden' });
    probe.expectNoProblems();
  });

  for (const path of ['/', '/faq', '/user/profile', '/no/such/page']) {
    it(`fits ${path} in the width without sideways scrolling`, async () => {
      const { page } = await newPage({ viewport: MOBILE, lang: 'en' });
      await page.goto(path);
      await page.locator('h1').first().waitFor({ state: 'visible' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).to.be.at.most(MOBILE.width);
    });
  }
});

describe(`desktop width (${DESKTOP.width} px)`, () => {
  it('shows the header navigation and no burger button', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    await page.goto('/');
    await page.locator('.site-header__nav').waitFor({ state: 'visible' });
    expect(await page.locator('.burger').isVisible()).to.equal(false);
    probe.expectNoProblems();
  });
});
