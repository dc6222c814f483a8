/**
 * The blog and the content pages as search engines see them (backend/app.ts adds their page
 * sources to backend/seo): a published post's page carries its own title without JavaScript and
 * the sitemap lists it, a draft is in neither; a content page's head follows the staff's edit.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { StaffBlogPostDto } from '../../common/blog';
import type { AdminContentPageDto } from '../../common/content';
import { signedInAs } from '../console/testing';
import { startTestServer, type TestServer } from '../test/server';
import { SEED_BLOG_POSTS } from '../../db/seeders/blog-posts';

describe('the blog and the content pages in the rendered heads and the sitemap', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server?.close());

  const page = async (path: string, lang: 'ru' | 'en') => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: `lang=${lang}` } });
    return { status: response.status, html: await response.text() };
  };

  it('serves a post with its own title in each language and lists it in the sitemap; a draft in neither', async () => {
    const seeded = SEED_BLOG_POSTS[0]!;
    for (const lang of ['ru', 'en'] as const) {
      const { status, html } = await page(`/blog/${seeded.slug}`, lang);
      expect(status).to.equal(200);
      expect(html).to.contain(`<title>${seeded[lang].title}`);
      expect(html).to.contain('"@type":"BlogPosting"');
    }
    const operator = await signedInAs(server, 'operator');
    const slug = `draft-${randomBytes(4).toString('hex')}`;
    const text = { title: 'Draft title', description: 'Draft', body: 'Draft body', imageAlt: '' };
    const created = await operator.post('/operator/blog/posts', { slug, status: 'draft', publishedAt: null, ru: text, en: text });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect((created.body.data as StaffBlogPostDto).status).to.equal('draft');
    expect((await page(`/blog/${slug}`, 'en')).status).to.equal(404);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).to.contain(`/blog/${seeded.slug}</loc>`);
    expect(sitemap).not.to.contain(slug);
  });

  it('serves the content pages with their staff-written titles, and the FAQ as FAQPage data from the database', async () => {
    const admin = await signedInAs(server, 'admin');
    const { texts } = (await admin.get('/admin/content/pages/aboutUs')).body.data as AdminContentPageDto;
    const title = `About us ${randomBytes(3).toString('hex')}`;
    try {
      expect((await admin.request('PUT', '/admin/content/pages/aboutUs', { ru: texts.ru, en: { ...texts.en, title } })).status).to.equal(200);
      const about = await (await fetch(`${server.url}/about-us`, { headers: { cookie: 'lang=en' } })).text();
      expect(about).to.contain(`<title>${title}`);
    } finally {
      // The shared MariaDB keeps its rows: the page goes back as it was.
      await admin.request('PUT', '/admin/content/pages/aboutUs', { ru: texts.ru, en: texts.en });
    }
    const faq = await (await fetch(`${server.url}/faq`, { headers: { cookie: 'lang=ru' } })).text();
    expect(faq).to.contain('"@type":"FAQPage"');
    const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(faq) ?? [];
    expect(json, 'no JSON-LD').to.be.a('string');
  });
});
