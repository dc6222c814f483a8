/**
 * Issue 16's Done-when in Chromium, in Russian and in English, every page at 1280 and 375 px with no
 * serious or critical axe finding (screenshots: /tmp/shots/site-<step>-<lang>-<width>.png):
 * - a visitor reviews a done order, an operator publishes it in the console (another browser
 *   context), it shows on /reviews and /reviews/all-reviews;
 * - staff write a post in both languages in the console (Markdown with its live preview, a cover)
 *   and publish it: it shows on /blog, on its own page titled with it — in the browser and in the
 *   HTML the server sends, as a crawler reads it — and in /sitemap.xml, which validates;
 * - the contacts form (reached from /partners, its subject preset) lands in the mail outbox to
 *   SUPPORT_EMAIL and in the console's messages.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { LANGS, type Lang } from '../common/api';
import { DONE_STATUS } from '../common/orderRules';
import { buildUser, TestClient, uniqueEmail } from '../backend/accounts/testing';
import { initModels } from '../backend/models';
import { validateSitemap } from '../backend/seo/testing/validate';
import { listOutbox } from '../backend/test/mail';
import type { TestServer } from '../backend/test/server';
import { describeViolations, seriousViolations } from './axe';
import { createCardOrder } from './cardOrder';
import { newPage } from './setup';
import { shoot } from './shots';
import { documentTitle, text } from './texts';
import { useServerWithWorker } from './workerServer';

const SUPPORT = 'support@exchanger.test';

/** A page in `lang` carrying the session cookie of `client` (another browser context). */
async function openAs(server: TestServer, lang: Lang, client: TestClient) {
  const opened = await newPage({ lang });
  await opened.page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
  return opened;
}

/** Screenshots at both widths, collecting axe's serious findings at each. */
async function shootChecked(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  await shoot(page, `site-${name}`, async (width) => {
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.push(`${name} at ${width} px:\n${describeViolations(violations)}`);
  });
  return found;
}

const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What `curl` of a page shows a crawler: its status, `<html lang>`, title and description. */
async function served(server: TestServer, pathname: string, lang: Lang) {
  const response = await fetch(`${server.url}${pathname}`, { headers: { cookie: `lang=${lang}` } });
  const html = await response.text();
  const pick = (pattern: RegExp) => unescape(pattern.exec(html)?.[1] ?? '');
  return {
    status: response.status,
    lang: pick(/<html lang="([^"]*)"/),
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
  };
}

/** The route's own head, as the server must send it. */
async function expectServedRoute(server: TestServer, pathname: string, route: string, lang: Lang): Promise<void> {
  expect(await served(server, pathname, lang), pathname).to.deep.equal({
    status: 200,
    lang,
    title: documentTitle(lang, text(lang, `seo.routes.${route}.title`)),
    description: text(lang, `seo.routes.${route}.description`),
  });
}

describe('the public site in both languages (issue 16): reviews, the blog, the sitemap and the contacts form', function () {
  this.timeout(120_000);
  const running = useServerWithWorker({ SUPPORT_EMAIL: SUPPORT });
  let staff: { email: string; password: string };

  before(async function () {
    this.timeout(60_000);
    staff = await buildUser(running().db.sequelize, { role: 'operator' });
  });

  /** The operator signed in through the API, in `lang`. */
  async function operator(lang: Lang): Promise<TestClient> {
    const client = new TestClient(running().url, lang);
    expect((await client.signIn(staff.email, staff.password)).status).to.equal(200);
    return client;
  }

  for (const lang of LANGS) {
    it(`a visitor reviews a done order, an operator publishes it, it shows on /reviews (${lang})`, async () => {
      const server = running();
      const order = await createCardOrder(server.url, `review-${lang}`);
      // The operators' work on the order is not what this spec is about: the order is made done directly.
      const { Order } = initModels(server.db.sequelize);
      const row = (await Order.findOne({ where: { uid: order.uid } }))!;
      await row.update({ status: DONE_STATUS, confirmedAt: new Date(), receivedAmount: row.amountSend });
      const words = `${lang === 'ru' ? 'Обмен прошёл быстро' : 'Quick and clear exchange'} ${order.uid}`;
      const found: string[] = [];

      const { page: visitor, probe } = await newPage({ lang });
      await visitor.goto(`${server.url}/reviews`);
      const form = visitor.getByTestId('review-form');
      await form.getByLabel(text(lang, 'customerReviews.form.uid')).fill(order.uid);
      await form.getByLabel(text(lang, 'customerReviews.form.email')).fill(row.email);
      await form.getByLabel(text(lang, 'customerReviews.form.name')).fill(lang === 'ru' ? 'Анна' : 'Anna');
      await form.getByLabel(text(lang, 'customerReviews.form.rating')).selectOption('4');
      await form.locator('textarea[name="text"]').fill(words);
      found.push(...(await shootChecked(visitor, `reviews-form-${lang}`)));
      await form.getByRole('button', { name: text(lang, 'customerReviews.form.submit') }).click();
      expect(await visitor.getByTestId('review-sent').textContent()).to.equal(text(lang, 'customerReviews.submitted'));

      const { page: console_, probe: consoleProbe } = await openAs(server, lang, await operator(lang));
      await console_.goto(`${server.url}/operator/siteReviews`);
      const item = console_.getByTestId('site-reviews-list').locator('li', { hasText: words });
      await item.waitFor({ state: 'visible' });
      found.push(...(await shootChecked(console_, `console-siteReviews-${lang}`)));
      await item.getByRole('button', { name: text(lang, 'customerReviews.console.publish') }).click();
      await item.waitFor({ state: 'detached' });

      await visitor.goto(`${server.url}/reviews`);
      await visitor.getByTestId('review-list').getByText(words).waitFor({ state: 'visible' });
      expect(await visitor.getByTestId('review-summary').textContent()).to.contain(text(lang, 'customerReviews.averageValue', { average: '4.0' }));
      found.push(...(await shootChecked(visitor, `reviews-${lang}`)));
      await visitor.goto(`${server.url}/reviews/all-reviews?lang=${lang}&rating=4`);
      await visitor.getByTestId('review-list').getByText(words).waitFor({ state: 'visible' });
      found.push(...(await shootChecked(visitor, `all-reviews-${lang}`)));
      await expectServedRoute(server, '/reviews', 'reviews', lang);
      await expectServedRoute(server, '/reviews/all-reviews', 'allReviews', lang);
      expect(found).to.deep.equal([]);
      expect(probe.consoleErrors, 'visitor console errors').to.deep.equal([]);
      expect(consoleProbe.consoleErrors, 'operator console errors').to.deep.equal([]);
    });

    it(`staff write and publish a post: it shows on /blog, in the sitemap and under its own title (${lang})`, async () => {
      const server = running();
      const slug = `e2e-${lang}-${randomBytes(4).toString('hex')}`;
      const titles = { ru: `Как работает обмен ${slug}`, en: `How the exchange works ${slug}` };
      const descriptions = { ru: 'Коротко о главном', en: 'The short story' };
      const found: string[] = [];

      const { page, probe: consoleProbe } = await openAs(server, lang, await operator(lang));
      await page.goto(`${server.url}/operator/blog`);
      await page.getByRole('button', { name: text(lang, 'blog.console.new') }).click();
      const form = page.getByTestId('blog-form');
      await form.getByLabel(text(lang, 'blog.console.form.slug')).fill(slug);
      await form.getByLabel(text(lang, 'blog.console.form.status')).selectOption('published');
      for (const version of LANGS) {
        await form.getByRole('button', { name: text(lang, `blog.languages.${version}`), exact: true }).click();
        await form.getByLabel(text(lang, 'blog.console.form.postTitle'), { exact: true }).fill(titles[version]);
        await form.getByLabel(text(lang, 'blog.console.form.description')).fill(descriptions[version]);
        await form.getByLabel(text(lang, 'blog.console.form.body')).fill(`## ${version === 'ru' ? 'Шаги' : 'Steps'}\n\n1. One\n2. Two\n\n[${version === 'ru' ? 'Правила' : 'Terms'}](/terms) <script>alert(1)</script>`);
        await form.getByLabel(text(lang, 'blog.console.form.imageAlt')).fill(version === 'ru' ? 'Схема обмена' : 'Exchange diagram');
      }
      await page.getByTestId('blog-preview').getByRole('heading', { level: 2 }).waitFor({ state: 'visible' });
      await form.getByRole('button', { name: text(lang, 'blog.console.form.save') }).click();
      await page.getByText(text(lang, 'blog.console.form.saved')).waitFor({ state: 'visible' });

      const dir = path.join(tmpdir(), 'blog-e2e');
      await mkdir(dir, { recursive: true });
      const cover = path.join(dir, 'cover.jpg');
      await writeFile(cover, await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2f6db3' } }).jpeg().withExif({ IFD0: { Make: 'E2E' } }).toBuffer());
      await page.locator('#blog-cover-file').setInputFiles(cover);
      await page.getByText(text(lang, 'blog.console.form.coverDone')).waitFor({ state: 'visible' });
      await page.getByTestId('blog-cover-image').waitFor({ state: 'visible' });
      found.push(...(await shootChecked(page, `blog-console-editor-${lang}`)));
      await page.getByRole('button', { name: text(lang, 'blog.console.form.close') }).click();
      await page.getByTestId('console-blog-posts').getByText(titles[lang]).waitFor({ state: 'visible' });
      found.push(...(await shootChecked(page, `blog-console-list-${lang}`)));

      // A reader (no session) finds it first on /blog, with its cover, and opens it.
      const { page: reader, probe } = await newPage({ lang });
      await reader.goto(`${server.url}/blog`);
      const cards = reader.getByTestId('blog-cards');
      await cards.waitFor({ state: 'visible' });
      const first = cards.locator('li').first();
      expect(await first.getByRole('heading', { level: 2 }).textContent()).to.equal(titles[lang]);
      const image = first.getByRole('img', { name: lang === 'ru' ? 'Схема обмена' : 'Exchange diagram' });
      await image.evaluate((element: HTMLImageElement) => (element.complete ? undefined : new Promise((resolve) => (element.onload = resolve))));
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).to.equal(1280);
      found.push(...(await shootChecked(reader, `blog-${lang}`)));
      await first.getByRole('link', { name: titles[lang] }).click();
      await reader.getByTestId('blog-post').waitFor({ state: 'visible' });
      expect(new URL(reader.url()).pathname).to.equal(`/blog/${slug}`);
      expect(await reader.title()).to.equal(documentTitle(lang, titles[lang]));
      const body = reader.getByTestId('blog-post-body');
      expect(await body.getByRole('link', { name: lang === 'ru' ? 'Правила' : 'Terms' }).getAttribute('rel')).to.equal('nofollow noopener noreferrer');
      expect(await body.locator('script').count()).to.equal(0);
      expect(await body.textContent()).to.include('<script>alert(1)</script>');
      found.push(...(await shootChecked(reader, `blog-post-${lang}`)));

      // As a crawler gets them: the post's own head in each language, /blog's, and the sitemap.
      for (const version of LANGS) {
        expect(await served(server, `/blog/${slug}`, version), `/blog/${slug} in ${version}`).to.deep.equal({
          status: 200,
          lang: version,
          title: documentTitle(version, titles[version]),
          description: descriptions[version],
        });
      }
      await expectServedRoute(server, '/blog', 'blog', lang);
      const sitemap = await fetch(`${server.url}/sitemap.xml`);
      expect(sitemap.status).to.equal(200);
      const xml = await sitemap.text();
      expect(xml).to.match(new RegExp(`<loc>https?://[^<]+/blog/${slug}</loc>`));
      expect(await validateSitemap(xml)).to.deep.equal({ valid: true, errors: [] });

      expect(found).to.deep.equal([]);
      expect(consoleProbe.consoleErrors, 'console errors').to.deep.equal([]);
      expect(probe.consoleErrors, 'reader console errors').to.deep.equal([]);
    });

    it(`the contacts form reaches the outbox and the console's messages (${lang})`, async () => {
      const server = running();
      const email = uniqueEmail(`contact-${lang}`);
      const words = `${lang === 'ru' ? 'Хочу повышенный процент' : 'I would like a higher percentage'} ${email}`;
      const found: string[] = [];
      const { page: visitor, probe } = await newPage({ lang });
      await visitor.goto(`${server.url}/partners`);
      await visitor.getByRole('link', { name: text(lang, 'pages.partners.negotiate') }).click();
      const form = visitor.getByTestId('contact-form');
      await form.waitFor({ state: 'visible' });
      expect(await form.getByLabel(text(lang, 'contacts.fields.subject')).inputValue()).to.equal('referral');
      await form.getByLabel(text(lang, 'contacts.fields.name')).fill('Oleg');
      await form.getByLabel(text(lang, 'contacts.fields.email')).fill(email);
      await form.getByLabel(text(lang, 'contacts.fields.message')).fill(words);
      found.push(...(await shootChecked(visitor, `contacts-${lang}`)));
      await form.getByRole('button', { name: text(lang, 'contacts.submit') }).click();
      expect(await visitor.getByTestId('contact-sent').textContent()).to.equal(text(lang, 'contacts.sent'));
      await expectServedRoute(server, '/contacts', 'contacts', lang);

      const mails = (await listOutbox(server.config.outboxDir, { to: SUPPORT })).filter((mail) => mail.text?.includes(words));
      expect(mails, 'the mail to SUPPORT_EMAIL').to.have.length(1);

      const { page: console_, probe: consoleProbe } = await openAs(server, lang, await operator(lang));
      await console_.goto(`${server.url}/operator/messages`);
      const item = console_.getByTestId('messages-list').locator('li', { hasText: email });
      await item.waitFor({ state: 'visible' });
      await item.getByTestId('message-unread').waitFor({ state: 'visible' });
      await item.getByRole('button', { name: text(lang, 'contacts.console.open') }).click();
      await item.getByText(words).waitFor({ state: 'visible' });
      await item.getByTestId('message-unread').waitFor({ state: 'detached' });
      found.push(...(await shootChecked(console_, `console-messages-${lang}`)));
      expect(found).to.deep.equal([]);
      expect(probe.consoleErrors, 'visitor console errors').to.deep.equal([]);
      expect(consoleProbe.consoleErrors, 'operator console errors').to.deep.equal([]);
    });
  }
});
