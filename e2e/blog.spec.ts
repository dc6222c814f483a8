/**
 * Issue 16, the blog: staff write a post in both languages in the console (Markdown with its live
 * preview, published), upload its cover; the post appears on /blog with its cover and on its own
 * page, whose document title is the post's title — in Russian and in English, at 1280 and 375 px,
 * with no serious or critical axe violation. Screenshots: /tmp/shots/blog-<step>-<lang>-<width>.png.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { buildUser, TestClient } from '../backend/accounts/testing';
import { describeViolations, seriousViolations } from './axe';
import { DESKTOP, newPage, testServer } from './setup';
import { shoot } from './shots';
import { text } from './texts';

describe('blog: staff write and publish a post, readers find it (/blog, /blog/{id})', () => {
  for (const LANG of ['ru', 'en'] as const) {
    it(`writes, publishes and shows a post with a cover (${LANG})`, async function () {
      this.timeout(90_000);
      const server = testServer();
      const { email, password } = await buildUser(server.db.sequelize, { role: 'operator' });
      const operator = new TestClient(server.url, LANG);
      expect((await operator.signIn(email, password)).status).to.equal(200);
      const slug = `e2e-${LANG}-${randomBytes(4).toString('hex')}`;
      const titles = { ru: `Как работает обмен ${slug}`, en: `How the exchange works ${slug}` };
      const found: string[] = [];

      const consolePage = await newPage({ viewport: DESKTOP, lang: LANG });
      const { page } = consolePage;
      const check = (what: string) => async (width: number) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await page.context().addCookies([...operator.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
      await page.goto('/operator/blog');
      await page.getByRole('button', { name: text(LANG, 'blog.console.new') }).click();
      const form = page.getByTestId('blog-form');
      await form.getByLabel(text(LANG, 'blog.console.form.slug')).fill(slug);
      await form.getByLabel(text(LANG, 'blog.console.form.status')).selectOption('published');
      for (const lang of ['ru', 'en'] as const) {
        await form.getByRole('button', { name: text(LANG, `blog.languages.${lang}`), exact: true }).click();
        await form.getByLabel(text(LANG, 'blog.console.form.postTitle'), { exact: true }).fill(titles[lang]);
        await form.getByLabel(text(LANG, 'blog.console.form.description')).fill(lang === 'ru' ? 'Коротко о главном' : 'The short story');
        await form.getByLabel(text(LANG, 'blog.console.form.body')).fill(`## ${lang === 'ru' ? 'Шаги' : 'Steps'}\n\n1. One\n2. Two\n\n[${lang === 'ru' ? 'Правила' : 'Terms'}](/terms) <script>alert(1)</script>`);
        await form.getByLabel(text(LANG, 'blog.console.form.imageAlt')).fill(lang === 'ru' ? 'Схема обмена' : 'Exchange diagram');
      }
      await page.getByTestId('blog-preview').getByRole('heading', { level: 2 }).waitFor({ state: 'visible' });
      await form.getByRole('button', { name: text(LANG, 'blog.console.form.save') }).click();
      await page.getByText(text(LANG, 'blog.console.form.saved')).waitFor({ state: 'visible' });

      const dir = path.join(tmpdir(), 'blog-e2e');
      await mkdir(dir, { recursive: true });
      const cover = path.join(dir, 'cover.jpg');
      await writeFile(cover, await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2f6db3' } }).jpeg().withExif({ IFD0: { Make: 'E2E' } }).toBuffer());
      await page.locator('#blog-cover-file').setInputFiles(cover);
      await page.getByText(text(LANG, 'blog.console.form.coverDone')).waitFor({ state: 'visible' });
      await page.getByTestId('blog-cover-image').waitFor({ state: 'visible' });
      await shoot(page, `blog-console-editor-${LANG}`, check('the console editor'));
      await page.getByRole('button', { name: text(LANG, 'blog.console.form.close') }).click();
      await page.getByTestId('console-blog-posts').getByText(titles[LANG]).waitFor({ state: 'visible' });
      await shoot(page, `blog-console-list-${LANG}`, check('the console list'));

      // A reader (no session) finds it first on /blog, with its cover, and opens it.
      const reader = await newPage({ viewport: DESKTOP, lang: LANG });
      const readerCheck = (what: string) => async (width: number) => {
        const violations = await seriousViolations(reader.page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await reader.page.goto('/blog');
      const cards = reader.page.getByTestId('blog-cards');
      await cards.waitFor({ state: 'visible' });
      const first = cards.locator('li').first();
      expect(await first.getByRole('heading', { level: 2 }).textContent()).to.equal(titles[LANG]);
      const image = first.getByRole('img', { name: LANG === 'ru' ? 'Схема обмена' : 'Exchange diagram' });
      await image.evaluate((element: HTMLImageElement) => (element.complete ? undefined : new Promise((resolve) => (element.onload = resolve))));
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).to.equal(1280);
      await shoot(reader.page, `blog-list-${LANG}`, readerCheck('/blog'));
      await first.getByRole('link', { name: titles[LANG] }).click();
      await reader.page.getByTestId('blog-post').waitFor({ state: 'visible' });
      expect(new URL(reader.page.url()).pathname).to.equal(`/blog/${slug}`);
      expect(await reader.page.title()).to.match(new RegExp(`^${titles[LANG]} — `));
      const body = reader.page.getByTestId('blog-post-body');
      expect(await body.getByRole('link', { name: LANG === 'ru' ? 'Правила' : 'Terms' }).getAttribute('rel')).to.equal('nofollow noopener noreferrer');
      expect(await body.locator('script').count()).to.equal(0);
      expect(await body.textContent()).to.include('<script>alert(1)</script>');
      await shoot(reader.page, `blog-post-${LANG}`, readerCheck('the post page'));
      expect(found).to.deep.equal([]);
      expect(consolePage.probe.consoleErrors, 'console errors').to.deep.equal([]);
      expect(reader.probe.consoleErrors, 'console errors').to.deep.equal([]);
    });
  }
});
