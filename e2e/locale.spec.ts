import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_DAYS, type Lang } from '../common/api';
import { expectDocumentTitle } from './expectations';
import { newPage } from './setup';
import { documentTitle, text } from './texts';

const DAY_MS = 24 * 60 * 60 * 1000;

function faqTitle(lang: Lang): string {
  return documentTitle(lang, text(lang, 'pages.faq.title'));
}

async function switchTo(page: Page, lang: Lang): Promise<void> {
  await page
    .locator('.site-header__actions')
    .getByRole('button', { name: text(lang, `common.languages.${lang}`), exact: true })
    .click();
}

describe('interface language', () => {
  it('shows Russian to a first-time visitor, on <html lang> too', async () => {
    const { page, probe } = await newPage();
    await page.goto('/faq');
    await expectDocumentTitle(page, faqTitle('ru'));
    expect(await page.getAttribute('html', 'lang')).to.equal('ru');
    probe.expectNoProblems();
  });

  it('shows English to a first-time visitor whose browser asks for English: the head and the page alike', async () => {
    const { page, probe } = await newPage({ locale: 'en-US' });
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user/auth/session/get/'),
      page.goto('/faq'),
    ]);
    expect(await response!.text(), 'the server-rendered head').to.include(`<html lang="en"`).and.include(`<title>${faqTitle('en')}</title>`);
    await expectDocumentTitle(page, faqTitle('en'));
    expect(await page.getAttribute('html', 'lang')).to.equal('en');
    await page.getByRole('heading', { level: 1, name: text('en', 'pages.faq.title') }).waitFor({ state: 'visible' });
    expect(await request.headerValue('lang'), 'the API calls speak English too').to.equal('en');
    expect((await page.context().cookies()).some((c) => c.name === LANG_COOKIE), 'no choice is stored for the visitor').to.equal(false);
    probe.expectNoProblems();
  });

  it('keeps a chosen Russian for a browser that asks for English', async () => {
    const { page, probe } = await newPage({ locale: 'en-US', lang: 'ru' });
    const response = await page.goto('/faq');
    expect(await response!.text()).to.include(`<html lang="ru"`);
    await expectDocumentTitle(page, faqTitle('ru'));
    expect(await page.getAttribute('html', 'lang')).to.equal('ru');
    probe.expectNoProblems();
  });

  it('switches to English in place with the header switch', async () => {
    const { page, probe } = await newPage();
    await page.goto('/faq');
    await expectDocumentTitle(page, faqTitle('ru'));
    await switchTo(page, 'en');
    await expectDocumentTitle(page, faqTitle('en'));
    expect(await page.getAttribute('html', 'lang')).to.equal('en');
    probe.expectNoProblems();
  });

  it('keeps the chosen language after a reload', async () => {
    const { page, probe } = await newPage();
    await page.goto('/faq');
    await expectDocumentTitle(page, faqTitle('ru'));
    await switchTo(page, 'en');
    await expectDocumentTitle(page, faqTitle('en'));
    await page.reload();
    await expectDocumentTitle(page, faqTitle('en'));
    expect(await page.getAttribute('html', 'lang')).to.equal('en');
    probe.expectNoProblems();
  });

  it('keeps the choice in the lang cookie for 365 days', async () => {
    const { page } = await newPage();
    await page.goto('/faq');
    await expectDocumentTitle(page, faqTitle('ru'));
    await switchTo(page, 'en');
    await expectDocumentTitle(page, faqTitle('en'));
    const cookie = (await page.context().cookies()).find((c) => c.name === LANG_COOKIE);
    expect(cookie?.value).to.equal('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / DAY_MS;
    expect(days).to.be.within(LANG_COOKIE_MAX_AGE_DAYS - 1, LANG_COOKIE_MAX_AGE_DAYS);
  });

  it('switches back to Russian with the header switch', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    await page.goto('/faq');
    await expectDocumentTitle(page, faqTitle('en'));
    await switchTo(page, 'ru');
    await expectDocumentTitle(page, faqTitle('ru'));
    await page.reload();
    await expectDocumentTitle(page, faqTitle('ru'));
    probe.expectNoProblems();
  });

  it('sends the chosen language in the lang header of API calls', async () => {
    const { page } = await newPage({ lang: 'en' });
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user/auth/session/get/'),
      page.goto('/faq'),
    ]);
    expect(await request.headerValue('lang')).to.equal('en');
  });
});
