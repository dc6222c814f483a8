/**
 * The blog as search engines see it (backend/app.ts adds the blog's page source to backend/seo):
 * a published post's page carries its own title and description without JavaScript, and the
 * sitemap lists it; a draft is in neither.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { StaffBlogPostDto } from '../../common/blog';
import { signedInAs } from '../console/testing';
import { startTestServer, type TestServer } from '../test/server';
import { SEED_BLOG_POSTS } from '../../db/seeders/blog-posts';

describe('the blog in the rendered heads and the sitemap', function () {
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
});
