import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { createRequire } from 'node:module';
import type { Catalogue } from '../catalogue/repository';
import { ROUTES } from '../../common/routes';
import { initModels } from '../models';
import { decodeBody, rawRequest } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';
import { blogSource, contentSource, isIndexableRoute } from './sources';
import { isContentPageKey, type ContentPageDto } from '../../common/content';
import { buildSitemaps } from './sitemap';
import { validateSitemap } from './testing/validate';

/** jsdom ships no types (and the server's TypeScript has no DOM): the little of it used, typed here. */
interface ParsedNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface ParsedDocument {
  title: string;
  documentElement: ParsedNode;
  querySelector(selector: string): ParsedNode | null;
  querySelectorAll(selector: string): Iterable<ParsedNode> & { length: number };
  getElementById(id: string): ParsedNode | null;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: ParsedDocument } } };

const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/seo.json`, import.meta.url), 'utf8'));
const SEO = { ru: locale('ru'), en: locale('en') };
const pagesOf = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/pages.json`, import.meta.url), 'utf8'));
const PAGES = { ru: pagesOf('ru'), en: pagesOf('en') };
const PUBLIC_URL = 'https://exchanger.example';
const EVIL = `Rates "up" <script>alert('x')</script> & </title> more`;

/** The parts of a page's head a crawler reads. */
function headOf(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    lang: document.documentElement.getAttribute('lang'),
    title: document.title,
    titles: document.querySelectorAll('title').length,
    description: meta('meta[name="description"]'),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    robots: meta('meta[name="robots"]'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')].map((tag) => [tag.getAttribute('property'), tag.getAttribute('content')])),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '')),
    root: document.getElementById('root') !== null,
    /** The prerendered first screen (./shell.ts): its heading and description, '' when the root is empty. */
    shell: {
      heading: document.querySelector('#root h1')?.textContent ?? '',
      description: document.querySelector('#root .page-header__description, #root .hero__lead')?.textContent ?? '',
    },
  };
}

describe('search engines: server-rendered head, sitemap, robots.txt', () => {
  let server: TestServer;
  let catalogue: Catalogue;
  let disabled: string;
  let offRow: { destroy(): Promise<void> } | undefined;

  before(async () => {
    server = await startTestServer({ PUBLIC_URL });
    // A direction stored switched off (a pair of seeded assets the seed does not link): it must be
    // nowhere. Its own row, removed after, so the shared MariaDB's catalogue stays as it was.
    const { Asset, Direction } = initModels(server.db.sequelize);
    const [assets, directions] = await Promise.all([Asset.findAll({ where: { enabled: true } }), Direction.findAll()]);
    const linked = new Set(directions.map((direction) => `${direction.fromCode}>${direction.toCode}`));
    const codes = assets.map((asset) => asset.code).sort();
    const [fromCode, toCode] = codes.flatMap((from) => codes.filter((to) => to !== from && !linked.has(`${from}>${to}`)).map((to) => [from, to]))[0];
    offRow = await Direction.create({ fromCode, toCode, markup: '1', minAmount: '1', maxAmount: '2', rateTypes: ['float'], fixedPeriodMinutes: 30, enabled: false });
    disabled = `/exchange/${fromCode}/${toCode}`;
    // Beside the app's own blog source (a name of its own), asked first: a post with every character to escape.
    server.app.pages.add({
      ...blogSource(async (lang) => [
        { id: 7, slug: 'evil', title: `${EVIL} ${lang}`, description: `Desc "${lang}" <b>`, image: '/uploads/cover.png', publishedAt: new Date('2026-01-02T03:04:05Z'), updatedAt: new Date('2026-02-03T04:05:06Z') },
      ]),
      name: 'blog-test',
    });
  });

  after(async () => {
    await offRow?.destroy();
    await server.close();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  const staticPublic = ROUTES.filter((route) => isIndexableRoute(route) && !route.path.includes(':'));

  /** A content page's texts as staff wrote them (backend/content): its head wins over the route table's. */
  const contentPage = async (key: string, lang: 'ru' | 'en') => ((await (await fetch(`${server.url}/api/content/pages/${key}?lang=${lang}`)).json()) as { data: ContentPageDto }).data;
  /** The title and description a route's head must carry. */
  const expectedHead = async (name: string, lang: 'ru' | 'en') => {
    if (!isContentPageKey(name)) return { title: SEO[lang].routes[name].title, description: SEO[lang].routes[name].description };
    const stored = await contentPage(name, lang);
    return { title: stored.title, description: stored.description };
  };

  it('gives every public route its own title and description, in Russian by default', async () => {
    expect(staticPublic.length).to.be.above(20);
    const titles = new Set<string>();
    for (const route of staticPublic) {
      const answer = await page(route.path);
      const head = headOf(answer.html);
      expect(answer.status, route.path).to.equal(200);
      expect(head.lang, route.path).to.equal('ru');
      const expected = await expectedHead(route.name, 'ru');
      expect(head.title, route.path).to.equal(`${expected.title} — Exchanger`);
      expect(head.description, route.path).to.equal(expected.description);
      expect([head.titles, head.descriptions, head.robots], route.path).to.deep.equal([1, 1, null]);
      expect(head.root, route.path).to.equal(true);
      titles.add(head.title);
    }
    // Own titles: at most the pages that share a name in the locales (none today).
    expect(titles.size).to.equal(staticPublic.length);
  });

  it('titles every route as the SPA titles it once loaded (useDocumentTitle: pages.<name>.title), so they never disagree', () => {
    for (const lang of ['ru', 'en'] as const) {
      for (const route of ROUTES) expect(SEO[lang].routes[route.name].title, `${lang} ${route.name}`).to.equal(PAGES[lang][route.name].title);
    }
  });

  it("prerenders a public page's first screen in the page's language (the lang cookie, then Accept-Language, else Russian), none for other pages", async () => {
    const reserves = { heading: PAGES.ru.reserves.title, description: PAGES.ru.reserves.description };
    const reservesEn = { heading: PAGES.en.reserves.title, description: PAGES.en.reserves.description };
    expect(headOf((await page('/reserves')).html).shell).to.deep.equal(reserves);
    // The SPA starts in the rendered <html lang> (frontend/src/lib/language.ts): the first screen speaks it too.
    const byBrowser = headOf((await page('/reserves', { 'accept-language': 'en' })).html);
    expect([byBrowser.lang, byBrowser.shell]).to.deep.equal(['en', reservesEn]);
    const english = headOf((await page('/reserves', { cookie: 'lang=en' })).html).shell;
    expect(english).to.deep.equal(reservesEn);
    const cookieWins = headOf((await page('/reserves', { cookie: 'lang=ru', 'accept-language': 'en' })).html);
    expect([cookieWins.lang, cookieWins.shell]).to.deep.equal(['ru', reserves]);
    expect(headOf((await page('/')).html).shell).to.deep.equal({ heading: PAGES.ru.home.heroTitle, description: PAGES.ru.home.description });
    for (const path of ['/user-actions/verification', '/no-such-page']) {
      expect(headOf((await page(path)).html).shell, path).to.deep.equal({ heading: '', description: '' });
    }
  });

  it('answers in English by the lang cookie or Accept-Language, the cookie first', async () => {
    const english: Record<string, string>[] = [{ cookie: 'lang=en' }, { 'accept-language': 'en-GB,en;q=0.9' }, { 'accept-language': 'de-DE, en;q=0.5, ru;q=0.3' }];
    for (const headers of english) {
      const head = headOf((await page('/reserves', headers)).html);
      expect([head.lang, head.title, head.description], JSON.stringify(headers)).to.deep.equal(['en', `${SEO.en.routes.reserves.title} — Exchanger`, SEO.en.routes.reserves.description]);
      expect(head.og['og:locale']).to.equal('en_US');
    }
    const russian: Record<string, string>[] = [{ cookie: 'lang=ru', 'accept-language': 'en' }, { 'accept-language': 'de, fr;q=0.8' }, { 'accept-language': 'en;q=0, ru;q=0.1' }];
    for (const headers of russian) {
      expect(headOf((await page('/reserves', headers)).html).lang, JSON.stringify(headers)).to.equal('ru');
    }
  });

  it('has the canonical URL (no query) and Open Graph tags', async () => {
    const head = headOf((await page('/faq?utm_source=x&q=1', { cookie: 'lang=en' })).html);
    const faqHead = await expectedHead('faq', 'en');
    expect(head.canonical).to.equal(`${PUBLIC_URL}/faq`);
    expect(head.og).to.deep.equal({
      'og:site_name': 'Exchanger',
      'og:title': `${faqHead.title} — Exchanger`,
      'og:description': faqHead.description,
      'og:url': `${PUBLIC_URL}/faq`,
      'og:type': 'website',
      'og:image': `${PUBLIC_URL}/og-image-en.png`,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:locale': 'en_US',
      'og:locale:alternate': 'ru_RU',
    });
  });

  it('adds Organization on the home page and FAQPage on /faq as JSON-LD', async () => {
    const home = headOf((await page('/')).html);
    expect(home.jsonLd).to.have.length(1);
    expect(home.jsonLd[0]).to.include({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Exchanger', url: `${PUBLIC_URL}/`, description: SEO.ru.organization.description });
    const faq = headOf((await page('/faq')).html).jsonLd;
    expect(faq).to.have.length(1);
    expect(faq[0]['@type']).to.equal('FAQPage');
    // The questions as staff wrote them on the FAQ page (backend/content), answers as plain text.
    const stored = (await contentPage('faq', 'ru')).faq!;
    expect(stored.length).to.be.above(3);
    expect(faq[0].mainEntity).to.deep.equal(stored.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.text } })));
  });

  it('titles a pair landing page with the assets names in the visitor language, with a breadcrumb list', async () => {
    const ru = headOf((await page('/exchange/btc/sberrub')).html);
    expect(ru.title).to.equal('Обмен Bitcoin на Сбербанк — Exchanger');
    expect(ru.description).to.include('Сбербанк (SBERRUB)');
    expect(ru.canonical).to.equal(`${PUBLIC_URL}/exchange/BTC/SBERRUB`);
    const en = headOf((await page('/exchange/BTC/SBERRUB', { cookie: 'lang=en' })).html);
    expect(en.title).to.equal('Exchange Bitcoin to Sberbank — Exchanger');
    expect(en.jsonLd).to.deep.equal([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
          { '@type': 'ListItem', position: 2, name: 'Exchange Bitcoin to Sberbank', item: `${PUBLIC_URL}/exchange/BTC/SBERRUB` },
        ],
      },
    ]);
  });

  it('answers 404 with the SPA and noindex for unknown paths, unknown pairs and disabled directions', async () => {
    for (const path of ['/no-such-page', '/exchange/BTC/NOPE', '/exchange/SBERRUB/CARDKGS', disabled, '/blog/no-such-post']) {
      const answer = await page(path);
      const head = headOf(answer.html);
      expect(answer.status, path).to.equal(404);
      expect([head.root, head.robots, head.canonical, head.title], path).to.deep.equal([true, 'noindex, nofollow', null, `${SEO.ru.notFound.title} — Exchanger`]);
    }
  });

  it('keeps private and capability pages out of the index', async () => {
    for (const path of ['/user/profile', '/user/exchanges', '/operator', '/operator/orders', '/order/AB12/secret-value', '/auth/some-token', '/user-actions/verification']) {
      const head = headOf((await page(path)).html);
      expect([head.robots, head.canonical, head.jsonLd.length, head.og['og:url']], path).to.deep.equal(['noindex, nofollow', null, 0, undefined]);
    }
  });

  it('escapes what it puts into the page, and a post gets BlogPosting and og:type article', async () => {
    const answer = await page('/blog/evil', { cookie: 'lang=en' });
    expect(answer.status).to.equal(200);
    expect(answer.html).not.to.include("<script>alert('x')");
    expect(answer.html).not.to.include('</title> more');
    const head = headOf(answer.html);
    expect(head.titles).to.equal(1);
    expect(head.title).to.equal(`${EVIL} en — Exchanger`);
    expect(head.description).to.equal('Desc "en" <b>');
    expect(head.og['og:type']).to.equal('article');
    expect(head.og['og:image']).to.equal(`${PUBLIC_URL}/uploads/cover.png`);
    expect(head.og, 'a cover of its own size: no default size claimed').not.to.have.any.keys('og:image:width', 'og:image:height');
    expect(head.jsonLd).to.have.length(1);
    expect(head.jsonLd[0]).to.include({ '@type': 'BlogPosting', headline: `${EVIL} en`, datePublished: '2026-01-02T03:04:05.000Z', dateModified: '2026-02-03T04:05:06.000Z' });
    expect(headOf((await page('/blog/7')).html).canonical).to.equal(`${PUBLIC_URL}/blog/evil`);
  });

  it('varies the page by language: Vary, an ETag per language and coding, 304 only for the same one', async () => {
    const ru = await rawRequest(`${server.url}/reserves`, { 'accept-encoding': 'br' });
    const en = await rawRequest(`${server.url}/reserves`, { 'accept-encoding': 'br', cookie: 'lang=en' });
    for (const answer of [ru, en]) {
      expect(answer.headers['content-encoding']).to.equal('br');
      expect(String(answer.headers.vary)).to.match(/accept-encoding/i).and.match(/cookie/i).and.match(/accept-language/i);
      expect(answer.headers['cache-control']).to.equal('no-cache');
    }
    expect(headOf(decodeBody(en).toString()).lang).to.equal('en');
    expect(ru.headers.etag).not.to.equal(en.headers.etag);
    const same = await rawRequest(`${server.url}/reserves`, { 'accept-encoding': 'br', cookie: 'lang=en', 'if-none-match': String(en.headers.etag) });
    expect(same.status).to.equal(304);
    const other = await rawRequest(`${server.url}/reserves`, { 'accept-encoding': 'br', 'if-none-match': String(en.headers.etag) });
    expect(other.status).to.equal(200);
    const gzip = await rawRequest(`${server.url}/reserves`, { 'accept-encoding': 'gzip', cookie: 'lang=en' });
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(gzip.headers.etag).not.to.equal(en.headers.etag);
    expect(decodeBody(gzip).equals(decodeBody(en))).to.equal(true);
    const plain = await rawRequest(`${server.url}/reserves`, { cookie: 'lang=en' });
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.equals(decodeBody(en))).to.equal(true);
    // The 404 page is never answered 304.
    const missing = await rawRequest(`${server.url}/no-such-page`, { 'if-none-match': '*' });
    expect(missing.status).to.equal(404);
  });

  it('lists the public routes, every offered direction and the posts in /sitemap.xml, which validates', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/xml; charset=utf-8');
    const xml = await response.text();
    const validation = await validateSitemap(xml);
    expect(validation.errors).to.deep.equal([]);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((match) => ({ loc: match[1], lastmod: match[2] }));
    const locs = urls.map((url) => url.loc);
    expect(locs).to.include.members(staticPublic.map((route) => `${PUBLIC_URL}${route.path === '/' ? '/' : route.path}`));
    // The catalogue the sitemap was built from (one cache serves both; the shared MariaDB changes under us).
    catalogue = ((await (await fetch(`${server.url}/api/catalogue`)).json()) as { data: Catalogue }).data;
    const pairs = catalogue.directions.map((direction) => `${PUBLIC_URL}/exchange/${direction.from}/${direction.to}`);
    expect(pairs.length).to.be.above(5);
    expect(locs.filter((loc) => loc.includes('/exchange/'))).to.deep.equal(pairs);
    expect(locs).not.to.include(`${PUBLIC_URL}${disabled}`);
    expect(locs).to.include(`${PUBLIC_URL}/blog/evil`);
    expect(urls.find((url) => url.loc.endsWith('/blog/evil'))!.lastmod).to.equal('2026-02-03T04:05:06Z');
    for (const path of ['/user/profile', '/operator', '/order', '/auth', '/test', '/maintenance']) {
      expect(locs.some((loc) => loc.startsWith(`${PUBLIC_URL}${path}`)), path).to.equal(false);
    }
    // lastmod of a pair: the latest update of the direction and of its two assets.
    const { Asset, Direction } = initModels(server.db.sequelize);
    const direction = (await Direction.findOne({ where: { fromCode: 'BTC', toCode: 'SBERRUB' } }))!;
    const assets = await Asset.findAll({ where: { code: ['BTC', 'SBERRUB'] } });
    const latest = Math.max(direction.updatedAt.getTime(), ...assets.map((asset) => asset.updatedAt.getTime()));
    const pair = urls.find((url) => url.loc === `${PUBLIC_URL}/exchange/BTC/SBERRUB`)!;
    expect(Date.parse(pair.lastmod!)).to.equal(Math.floor(latest / 1000) * 1000);
    expect((await fetch(`${server.url}/sitemaps/1.xml`)).status).to.equal(404);
  });

  it('names the sitemap in robots.txt and keeps the private areas out', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).to.include.members(['User-agent: *', 'Disallow: /user', 'Disallow: /operator', 'Disallow: /order', 'Disallow: /api', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]);
    expect(lines.filter((line) => line.startsWith('Disallow:'))).not.to.include('Disallow: /');
  });
});

describe('search engines: a content source wired in', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ PUBLIC_URL });
    // A content source beside the app's own (a name of its own), asked first: the FAQ from it,
    // "about us" not in it (falls through to the sources added before).
    server.app.pages.add({
      ...contentSource(
        async (key, lang) =>
          key === 'faq'
            ? { title: `FAQ from the DB (${lang})`, description: 'Stored FAQ', updatedAt: new Date('2026-03-04T05:06:07Z'), faq: [{ question: `Q ${lang}?`, answer: 'A <b>&</b>' }] }
            : null,
        { faq: 'faq', aboutUs: 'about-us' },
      ),
      name: 'content-test',
    });
  });

  after(async () => {
    await server.close();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => ({ html: await (await fetch(`${server.url}${path}`, { headers })).text() });

  it('takes a content page from its source, and a page the source lacks from the route table', async () => {
    const faq = headOf((await page('/faq', { cookie: 'lang=en' })).html);
    expect([faq.title, faq.description]).to.deep.equal(['FAQ from the DB (en) — Exchanger', 'Stored FAQ']);
    expect(faq.jsonLd[0].mainEntity).to.deep.equal([{ '@type': 'Question', name: 'Q en?', acceptedAnswer: { '@type': 'Answer', text: 'A <b>&</b>' } }]);
    const about = headOf((await page('/about-us', { cookie: 'lang=en' })).html);
    expect(about.title).to.equal(`${SEO.en.routes.aboutUs.title} — Exchanger`);
  });

  it('lists the source pages in the sitemap with their own lastmod', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).to.include(`<url><loc>${PUBLIC_URL}/faq</loc><lastmod>2026-03-04T05:06:07Z</lastmod>`);
    expect((xml.match(new RegExp(`<loc>${PUBLIC_URL}/faq</loc>`, 'g')) ?? []).length).to.equal(1);
  });
});

describe('sitemap schema validation (xmllint and the sitemaps.org 0.9 XSD)', () => {
  const url = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url>${inner}</url></urlset>\n`;

  it('accepts a well-formed sitemap', async () => {
    const valid = await validateSitemap(url('<loc>https://exchanger.example/faq</loc><lastmod>2026-01-02</lastmod><changefreq>weekly</changefreq><priority>0.5</priority>'));
    expect(valid).to.deep.equal({ valid: true, errors: [] });
  });

  const broken: Array<[string, string]> = [
    ['a changefreq outside the enumeration', url('<loc>https://exchanger.example/</loc><changefreq>sometimes</changefreq>')],
    ['a priority above 1.0', url('<loc>https://exchanger.example/</loc><priority>1.5</priority>')],
    ['a lastmod that is no W3C date', url('<loc>https://exchanger.example/</loc><lastmod>25.11.2026</lastmod>')],
    ['a url without loc', url('<lastmod>2026-01-02</lastmod>')],
    ['elements out of order', url('<priority>0.5</priority><loc>https://exchanger.example/</loc>')],
    ['a relative loc', url('<loc>/faq/and/more/path</loc>')],
    ['a loc over 2048 characters', url(`<loc>https://exchanger.example/${'a'.repeat(2048)}</loc>`)],
    ['the wrong namespace', '<?xml version="1.0"?><urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://exchanger.example/</loc></url></urlset>'],
    ['an empty urlset', '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'],
    ['XML that is not well-formed', url('<loc>https://exchanger.example/?a=1&b=2</loc>')],
  ];
  for (const [what, xml] of broken) {
    it(`refuses ${what}`, async () => {
      const validation = await validateSitemap(xml);
      expect(validation.valid).to.equal(false);
      expect(validation.errors).not.to.be.empty;
    });
  }

  it('splits into a sitemap index over the URL limit, each part valid', async () => {
    const entries = Array.from({ length: 25 }, (_, i) => ({ path: `/exchange/A${i}/B&${i}`, lastmod: new Date(Date.UTC(2026, 0, 1 + i)) }));
    const set = buildSitemaps(PUBLIC_URL, entries, { maxUrls: 10 });
    expect(set.parts).to.have.length(3);
    expect(await validateSitemap(set.root)).to.deep.equal({ valid: true, errors: [] });
    expect([...set.root.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).to.deep.equal([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemaps/${n}.xml`));
    for (const part of set.parts) expect(await validateSitemap(part)).to.deep.equal({ valid: true, errors: [] });
    expect(set.parts.map((part) => (part.match(/<url>/g) ?? []).length)).to.deep.equal([10, 10, 5]);
    expect(set.parts[0]).to.include('/exchange/A0/B&amp;0');
    // And over the byte limit.
    expect(buildSitemaps(PUBLIC_URL, entries, { maxBytes: 2000 }).parts.length).to.be.above(1);
    expect(buildSitemaps(PUBLIC_URL, entries).parts).to.deep.equal([]);
  });
});
