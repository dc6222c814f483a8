/**
 * Issue 16, content pages in a browser: every content page shows its title and body from the
 * database in Russian and English at 375 and 1280 px with no serious axe violations; an admin edits
 * a page in the console and the public page shows the change; the sign-up and order terms
 * checkboxes link to /terms.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../common/api';
import { CONTENT_PAGE_KEYS, type ContentPageDto } from '../common/content';
import { pathFor } from '../common/routes';
import { buildUser } from '../backend/accounts/testing';
import { initModels } from '../backend/models';
import { describeViolations, seriousViolations } from './axe';
import { baseUrl, MOBILE, newPage, testServer } from './setup';
import { shoot } from './shots';
import { text } from './texts';

async function contentOf(key: string, lang: Lang): Promise<ContentPageDto> {
  const response = await fetch(`${baseUrl()}/api/content/pages/${key}?lang=${lang}`);
  return ((await response.json()) as { data: ContentPageDto }).data;
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${describeViolations(violations)}`).to.deep.equal([]);
}

describe('content pages (issue 16)', () => {
  for (const lang of LANGS) {
    it(`shows every content page's title and body from the database in ${lang} at 375 and 1280 px, axe-clean`, async function () {
      this.timeout(240_000);
      const { page, probe } = await newPage({ lang });
      for (const key of CONTENT_PAGE_KEYS) {
        const expected = await contentOf(key, lang);
        await page.goto(pathFor(key));
        const heading = page.getByRole('heading', { level: 1 });
        await heading.waitFor();
        expect(await heading.textContent(), key).to.equal(expected.title);
        expect(await page.title(), key).to.include(expected.title);
        const body = page.locator(key === 'faq' ? '.faq' : '.content-page__body').first();
        await body.waitFor();
        expect(((await body.textContent()) ?? '').length, `${key} body`).to.be.greaterThan(200);
        if (key === 'faq') {
          const questions = page.locator('.faq__question');
          expect(await questions.count()).to.equal(expected.faq!.length);
          await questions.first().click();
          await page.locator('.faq__item[open] .faq__answer').first().waitFor();
        }
        if (key === 'terms') expect(await page.getByTestId('terms-version').textContent()).to.include(String(expected.terms!.version));
        if (key === 'cash') expect(await page.locator('.content-page__city').count()).to.equal(expected.cash!.length);
        await expectNoSeriousViolations(page, `${key} ${lang} 1280`);
        await shoot(page, `content-${key}-${lang}`, async (width) => {
          if (width === MOBILE.width) await expectNoSeriousViolations(page, `${key} ${lang} 375`);
        });
      }
      expect([...probe.consoleErrors, ...probe.failedRequests, ...probe.externalRequests], probe.report()).to.deep.equal([]);
    });
  }

  it('an admin edits a page in the console with a live preview, and the public page shows the change', async function () {
    this.timeout(120_000);
    const server = testServer();
    // The page is put back as it was afterwards: later specs (every route's title) read it.
    const { ContentPage } = initModels(server.db.sequelize);
    const rows = await ContentPage.findAll({ where: { key: 'howItWorks' } });
    const saved = rows.map((row) => ({ id: row.id, title: row.title, description: row.description, body: row.body }));
    const english = rows.find((row) => row.lang === 'en')!.title;
    expect(english).to.include('How it works');
    try {
      await editHowItWorks(server);
    } finally {
      // One by one, each with a later updatedAt: the pages' revision moves and no cache keeps the edit.
      for (const { id, ...texts } of saved) await ContentPage.update(texts, { where: { id } });
    }
    const { page } = await newPage({ lang: 'en' });
    await page.goto('/how-it-works');
    await page.getByRole('heading', { level: 1, name: english, exact: true }).waitFor();
    expect((await contentOf('howItWorks', 'en')).title).to.equal(english);
  });

  async function editHowItWorks(server: ReturnType<typeof testServer>): Promise<void> {
    const account = await buildUser(server.db.sequelize, { role: 'admin' });
    const { page: admin } = await newPage({ lang: 'en' });
    await admin.goto('/operator/pages');
    await admin.locator('form input[name="email"]').fill(account.email);
    await admin.locator('form input[name="password"]').fill(account.password);
    await admin.getByRole('button', { name: text('en', 'auth.login.submit'), exact: true }).click();
    await admin.getByTestId('pages-form').waitFor();
    await admin.getByTestId('pages-select').selectOption('howItWorks');
    await admin.getByTestId('pages-en-title').waitFor();
    await admin.waitForFunction(() => (document.querySelector('[data-testid="pages-en-title"]') as HTMLInputElement | null)?.value.includes('How it works'));
    const marker = `Edited ${Date.now()}`;
    await admin.getByTestId('pages-en-title').fill(`How it works: ${marker}`);
    const body = admin.getByTestId('pages-en-body');
    await body.fill(`## ${marker}\n\nThree **simple** steps.\n\n<script>alert(1)</script>`);
    const preview = admin.getByTestId('pages-en-body-preview');
    await preview.locator('h2', { hasText: marker }).waitFor();
    expect(await preview.locator('strong').textContent()).to.equal('simple');
    await shoot(admin, 'content-console-pages');
    await admin.getByTestId('pages-save').click();
    await admin.getByTestId('pages-saved').waitFor();

    const { page: visitor } = await newPage({ lang: 'en' });
    await visitor.goto('/how-it-works');
    await visitor.getByRole('heading', { level: 1, name: `How it works: ${marker}` }).waitFor();
    await visitor.locator('.content-page__body h2', { hasText: marker }).waitFor();
    expect(await visitor.locator('.content-page__body').textContent()).to.include('<script>alert(1)</script>');
    expect(await visitor.locator('.content-page__body script').count()).to.equal(0);
    // The other language kept its own text.
    const { page: russian } = await newPage({ lang: 'ru' });
    await russian.goto('/how-it-works');
    expect(await russian.getByRole('heading', { level: 1 }).textContent()).to.equal((await contentOf('howItWorks', 'ru')).title);
  }

  it('the sign-up terms checkbox links to /terms, which shows the current version', async function () {
    this.timeout(60_000);
    const { page } = await newPage({ lang: 'en' });
    await page.goto('/sign-up');
    await page.getByRole('checkbox', { name: /terms of use/ }).waitFor();
    const signUpLink = page.locator('form a[href="/terms"]');
    expect(await signUpLink.count()).to.be.at.least(1);
    const terms = await contentOf('terms', 'en');
    await page.goto('/terms');
    await page.getByTestId('terms-version').waitFor();
    expect(await page.getByTestId('terms-version').textContent()).to.include(String(terms.terms!.current));
    expect(await page.locator('.content-page__body h2').count()).to.be.at.least(10);
  });
});
