import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { BlogCardDto, BlogListDto, BlogPostDto, BlogPostRequest, StaffBlogPostDto } from '../../common/blog';
import { TestClient } from '../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import { HTML, jpegWithGps, picture, pngBomb } from '../uploads/testing';
import { createBlogContext, listPublishedPosts, readPublishedPost } from './index';
import { SEED_BLOG_POSTS } from '../../db/seeders/blog-posts';
import { REVISION_REUSE_MS } from '../seo/sources';

/** A slug no other run of the shared MariaDB has used. */
const slug = (name: string) => `${name}-${randomBytes(5).toString('hex')}`;

function request(name: string, extra: Partial<BlogPostRequest> = {}): BlogPostRequest {
  return {
    slug: slug(name),
    status: 'published',
    publishedAt: null,
    ru: { title: `Заголовок ${name}`, description: `Описание ${name}`, body: `Текст **${name}**`, imageAlt: `Обложка ${name}` },
    en: { title: `Title ${name}`, description: `About ${name}`, body: `Body **${name}**`, imageAlt: `Cover ${name}` },
    ...extra,
  };
}

const EMPTY = { title: '', description: '', body: '', imageAlt: '' };

async function upload(server: TestServer, client: TestClient, id: number, file: Buffer | string, type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }), 'cover.jpg');
  const response = await fetch(`${server.url}/api/operator/blog/posts/${id}/cover`, { method: 'POST', body: form, headers: { lang: 'en', cookie: client.cookieHeader() } });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: StaffBlogPostDto; error?: { code: string } } };
}

describe('blog (/api/blog, /api/operator/blog)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let operator: TestClient & { userId: number };
  let admin: TestClient;
  const anonymous = () => new TestClient(server.url);

  before(async () => {
    server = await startTestServer();
    operator = await signedInAs(server, 'operator');
    admin = await signedInAs(server, 'admin');
  });

  after(async () => {
    await server?.close();
  });

  async function create(client: TestClient, body: BlogPostRequest): Promise<StaffBlogPostDto> {
    const response = await client.post('/operator/blog/posts', body);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data as StaffBlogPostDto;
  }

  /** Every public card in `lang`, page after page (the shared MariaDB holds other runs' posts too). */
  async function wholeList(lang: 'ru' | 'en'): Promise<{ cards: BlogCardDto[]; pages: number }> {
    const cards: BlogCardDto[] = [];
    let pages = 0;
    for (let cursor: string | null = null; ; ) {
      const page = await anonymous().get(`/blog/posts?lang=${lang}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).to.equal(200);
      const data = page.body.data as BlogListDto;
      expect(data.posts.length).to.be.at.most(9);
      cards.push(...data.posts);
      pages += 1;
      cursor = data.nextCursor;
      if (!cursor) return { cards, pages };
    }
  }

  it('seeds the first posts once, in both languages, public and rendered', async () => {
    const { cards } = await wholeList('en');
    const seeded = cards.filter((card) => SEED_BLOG_POSTS.some((post) => post.slug === card.slug));
    expect(seeded.map((card) => card.title).sort()).to.deep.equal(SEED_BLOG_POSTS.map((post) => post.en.title).sort());
    const post = await anonymous().get(`/blog/posts/fixed-and-floating-rates?lang=ru`);
    expect(post.body.data.title).to.equal(SEED_BLOG_POSTS[0]!.ru.title);
    expect(post.body.data.html).to.include('<h2>Фиксированный курс</h2>');
    expect(post.body.data.html).to.include('<a href="/terms" rel="nofollow noopener noreferrer">');
    expect(post.body.data).to.not.have.property('body');
  });

  it('keeps drafts and scheduled posts off the public list and pages until their date', async () => {
    const draft = await create(operator, request('draft', { status: 'draft' }));
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await create(operator, request('scheduled', { publishedAt: later }));
    const published = await create(operator, request('published'));
    expect([draft.state, scheduled.state, published.state]).to.deep.equal(['draft', 'scheduled', 'published']);
    const ids = (await wholeList('en')).cards.map((card) => card.id);
    expect(ids).to.include(published.id).and.not.include(draft.id).and.not.include(scheduled.id);
    for (const hidden of [draft, scheduled]) {
      expect((await anonymous().get(`/blog/posts/${hidden.id}?lang=en`)).status).to.equal(404);
      expect((await anonymous().get(`/blog/posts/${hidden.slug}?lang=en`)).status).to.equal(404);
    }
    const seo = createBlogContext({ sequelize: server.db.sequelize, config: server.config });
    const listed = await listPublishedPosts(seo, { lang: 'en' });
    expect(listed.map((post) => post.id)).to.include(published.id).and.not.include(draft.id).and.not.include(scheduled.id);
    expect(listed.find((post) => post.id === published.id)).to.include({ slug: published.slug, title: 'Title published', description: 'About published' });
    expect(await readPublishedPost(seo, scheduled.id, 'en')).to.equal(null);
    // The date comes: the scheduled post is public from then, with no change to it.
    const afterDate = createBlogContext({ sequelize: server.db.sequelize, config: server.config, now: () => new Date(Date.now() + 2 * 86_400_000) });
    expect((await readPublishedPost(afterDate, scheduled.id, 'en'))?.title).to.equal('Title scheduled');
  });

  it('pages newest first with a cursor, each post once', async () => {
    const base = Date.UTC(2020, 0, 1);
    const mine: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      mine.push((await create(operator, request(`page${i}`, { publishedAt: new Date(base + i * 60_000).toISOString() }))).id);
    }
    const { cards, pages } = await wholeList('ru');
    expect(pages).to.be.at.least(2);
    const ids = cards.map((card) => card.id);
    expect(new Set(ids).size, 'no post twice').to.equal(ids.length);
    expect(ids.filter((id) => mine.includes(id))).to.deep.equal([...mine].reverse());
    const times = cards.map((card) => Date.parse(card.publishedAt));
    expect([...times].sort((a, b) => b - a)).to.deep.equal(times);
    expect(cards.find((card) => card.id === mine[0])).to.include({ lang: 'ru', title: 'Заголовок page0', description: 'Описание page0' });
  });

  it('lists a post only in the languages it has; its page shows the other version', async () => {
    const english = await create(operator, request('english', { ru: EMPTY, en: { title: 'Only English', description: '', body: 'Plain **text** here', imageAlt: '' } }));
    expect((await wholeList('en')).cards.map((card) => card.id)).to.include(english.id);
    expect((await wholeList('ru')).cards.map((card) => card.id)).to.not.include(english.id);
    const inRussian = await anonymous().get(`/blog/posts/${english.id}?lang=ru`);
    const post = inRussian.body.data as BlogPostDto;
    expect([post.lang, post.languages, post.title]).to.deep.equal(['en', ['en'], 'Only English']);
    // No description given: the body's plain text stands in.
    expect(post.description).to.equal('Plain text here');
    // Without ?lang the request's language decides.
    const russianClient = new TestClient(server.url, 'ru');
    expect((await russianClient.get(`/blog/posts/${english.id}`)).body.data.lang).to.equal('en');
  });

  it('renders Markdown safely: raw HTML is text, links carry rel, unsafe schemes are not links', async () => {
    const body = 'Hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[site](https://example.com) [bad](javascript:alert(3))';
    const post = await create(operator, request('html', { en: { title: 'HTML', description: 'd', body, imageAlt: '' } }));
    const html = (await anonymous().get(`/blog/posts/${post.id}?lang=en`)).body.data.html as string;
    expect(html).to.not.include('<script').and.not.include('<img');
    expect(html).to.include('&lt;script&gt;');
    expect(html).to.include('<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">site</a>');
    expect(html).to.not.include('href="javascript:');
  });

  it('edits, publishes and unpublishes, deletes — each change audited with its actor', async () => {
    const draft = await create(operator, request('audited', { status: 'draft' }));
    const put = (body: BlogPostRequest) => admin.request('PUT', `/operator/blog/posts/${draft.id}`, body);
    const base = { ...request('audited'), slug: draft.slug };
    expect((await put({ ...base, status: 'draft', en: { ...base.en, title: 'Edited' } })).status).to.equal(200);
    const published = await put({ ...base, status: 'published', en: { ...base.en, title: 'Edited' } });
    expect(published.body.data.state).to.equal('published');
    expect((await anonymous().get(`/blog/posts/${draft.id}?lang=en`)).body.data.title).to.equal('Edited');
    expect((await put({ ...base, status: 'draft' })).body.data.state).to.equal('draft');
    expect((await anonymous().get(`/blog/posts/${draft.id}?lang=en`)).status).to.equal(404);
    expect((await operator.request('DELETE', `/operator/blog/posts/${draft.id}`)).status).to.equal(200);
    expect((await operator.get(`/operator/blog/posts/${draft.id}`)).status).to.equal(404);
    const { AuditRecord } = initModels(server.db.sequelize);
    const records = await AuditRecord.findAll({ where: { targetType: 'blog_post', targetId: String(draft.id) }, order: [['id', 'ASC']] });
    expect(records.map((record) => record.action)).to.deep.equal(['blog.create', 'blog.update', 'blog.publish', 'blog.unpublish', 'blog.delete']);
    expect(records.map((record) => record.actorId)).to.deep.equal([operator.userId, records[1]!.actorId, records[1]!.actorId, records[1]!.actorId, operator.userId]);
    expect(records[1]!.actorRole).to.equal('admin');
    expect(records[1]!.before).to.deep.equal({ titleEn: 'Title audited' });
    expect(records[1]!.after).to.deep.equal({ titleEn: 'Edited' });
  });

  it('puts a post in the sitemap and its served head as soon as it is written, and takes it out when it is gone', async () => {
    const sitemap = async () => (await fetch(`${server.url}/sitemap.xml`)).text();
    const title = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'en' } });
      return { status: response.status, title: /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] };
    };
    /** The sources' revisions are reused for REVISION_REUSE_MS, not the sitemap's minute. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, REVISION_REUSE_MS + 50));
    expect(await sitemap()).to.include('<loc>'); // built and cached before the post exists
    const post = await create(operator, request('sitemap'));
    await settle();
    expect(await sitemap()).to.include(`/blog/${post.slug}</loc>`);
    expect((await title(`/blog/${post.slug}`)).title).to.include('Title sitemap');
    const base = { ...request('sitemap'), slug: post.slug };
    expect((await admin.request('PUT', `/operator/blog/posts/${post.id}`, { ...base, en: { ...base.en, title: 'Renamed' } })).status).to.equal(200);
    await settle();
    expect((await title(`/blog/${post.slug}`)).title).to.include('Renamed');
    expect((await operator.request('DELETE', `/operator/blog/posts/${post.id}`)).status).to.equal(200);
    await settle();
    expect(await sitemap()).to.not.include(`/blog/${post.slug}</loc>`);
    expect((await title(`/blog/${post.slug}`)).status).to.equal(404);
  });

  it('refuses bad input with 400 validation_failed and the field, a taken slug with 409', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...request('bad'), slug: 'Has Spaces' }, 'slug'],
      [{ ...request('bad'), slug: '12345' }, 'slug'],
      [{ ...request('bad'), status: 'live' }, 'status'],
      [{ ...request('bad'), publishedAt: 'yesterday' }, 'publishedAt'],
      [{ ...request('bad'), ru: EMPTY, en: EMPTY }, 'ru.title'],
      [{ ...request('bad'), en: { ...EMPTY, title: 'Title without a body' } }, 'en.body'],
      [{ ...request('bad'), en: { ...request('bad').en, title: 'x'.repeat(201) } }, 'en.title'],
      [{ ...request('bad'), ru: { ...request('bad').ru, body: 42 } }, 'ru.body'],
    ];
    for (const [body, field] of cases) {
      const response = await operator.post('/operator/blog/posts', body);
      expect(response.status, field).to.equal(400);
      expect(response.body.error?.code).to.equal('validation_failed');
      expect(response.body.error?.fields, field).to.have.property(field);
    }
    const first = await create(operator, request('taken'));
    const again = await operator.post('/operator/blog/posts', { ...request('taken'), slug: first.slug });
    expect([again.status, again.body.error?.code]).to.deep.equal([409, 'conflict']);
    expect(again.body.error?.message).to.equal('This address is taken by another post');
    expect((await anonymous().get('/blog/posts?lang=de')).status).to.equal(400);
    expect((await anonymous().get('/blog/posts?cursor=abc')).status).to.equal(400);
    expect((await anonymous().get('/blog/posts/..%2Fetc?lang=en')).status).to.equal(404);
  });

  it('stores a cover through the upload hygiene and serves it publicly, long-cached, without metadata', async () => {
    const post = await create(operator, request('cover'));
    const gps = await jpegWithGps(96, 64);
    expect((await sharp(gps).metadata()).exif).to.not.equal(undefined);
    const uploaded = await upload(server, operator, post.id, gps);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(200);
    const url = uploaded.body.data!.image!.url;
    expect(url).to.match(/^\/api\/blog\/images\/[0-9a-f]{32}\.jpg$/);
    const card = (await anonymous().get(`/blog/posts/${post.id}?lang=ru`)).body.data as BlogPostDto;
    expect(card.image).to.deep.equal({ url, alt: 'Обложка cover' });
    const file = await fetch(`${server.url}${url}`);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('image/jpeg');
    expect(file.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).to.equal('nosniff');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.exif, meta.orientation ?? 1, meta.width, meta.height]).to.deep.equal([undefined, 1, 64, 96]);
    // A new cover gets a new name; the old file is gone.
    const replaced = await upload(server, operator, post.id, await picture(40, 30).png().toBuffer(), 'image/png');
    expect(replaced.body.data!.image!.url).to.match(/\.png$/);
    expect((await fetch(`${server.url}${url}`)).status).to.equal(404);
    const { AuditRecord } = initModels(server.db.sequelize);
    expect(await AuditRecord.count({ where: { action: 'blog.cover', targetId: String(post.id) } })).to.equal(2);
  });

  it('refuses a non-image, a too-large image and a missing post; names outside the pattern are 404', async () => {
    const post = await create(operator, request('refused'));
    const html = await upload(server, operator, post.id, HTML, 'image/jpeg');
    expect([html.status, html.body.error?.code]).to.deep.equal([415, 'not_an_image']);
    const bomb = await upload(server, operator, post.id, pngBomb(), 'image/png');
    expect([bomb.status, bomb.body.error?.code]).to.deep.equal([422, 'image_too_large']);
    const huge = await upload(server, operator, post.id, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect([huge.status, huge.body.error?.code]).to.deep.equal([413, 'file_too_large']);
    expect((await upload(server, operator, 999_999_999, await picture().png().toBuffer(), 'image/png')).status).to.equal(404);
    expect((await operator.get(`/operator/blog/posts/${post.id}`)).body.data.image).to.equal(null);
    for (const name of ['x.jpg', `${'0'.repeat(32)}.svg`, '..%2F..%2Fkyc%2Fa.jpg']) expect((await fetch(`${server.url}/api/blog/images/${name}`)).status, name).to.equal(404);
  });

  it('opens the staff endpoints to operators and admins only', async () => {
    const post = await create(operator, request('matrix', { status: 'draft' }));
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/operator/blog/posts', roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/blog/posts', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'GET', path: `/operator/blog/posts/${post.id}`, roles: OPERATOR_AND_ADMIN },
      { method: 'PUT', path: `/operator/blog/posts/${post.id}`, roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'DELETE', path: '/operator/blog/posts/999999999', roles: OPERATOR_AND_ADMIN },
      { method: 'DELETE', path: '/operator/blog/posts/999999999/cover', roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/blog/posts/999999999/cover', roles: OPERATOR_AND_ADMIN },
    ]);
    const list = await operator.get('/operator/blog/posts');
    expect((list.body.data.posts as StaffBlogPostDto[]).map((row) => row.id)).to.include(post.id);
  });
});
