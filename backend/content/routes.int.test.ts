import { expect } from 'chai';
import { Op } from 'sequelize';
import { CONTENT_PAGE_KEYS, type AdminContentPageDto, type ContentPageDto, type ContentPageKey, type TermsPublishedDto } from '../../common/content';
import { LANGS, type Lang } from '../../common/api';
import { AML_SECTIONS, CONTENT_SEED, TERMS_SECTIONS } from '../../db/seeders/content';
import { TEST_PASSWORD, TestClient, uniqueEmail } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { TEST_DATABASE_URL, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { startTestServer, type TestServer } from '../test/server';
import { pause } from '../test/sockets';

/**
 * A database of this file alone on MariaDB: publishing terms changes the current version for the
 * whole database, and the shared `test` database serves other tests meanwhile.
 */
const mysql = TEST_DATABASE_URL?.startsWith('mysql') ? testDatabaseSites()[1] : undefined;

function headings(html: string): string[] {
  return [...html.matchAll(/<h2>([\s\S]*?)<\/h2>/g)].map((match) => match[1]!);
}

const texts = (lang: Lang, marker: string) => ({
  title: `${lang} title ${marker}`,
  description: `${lang} description ${marker}`,
  body: `# ${lang} heading ${marker}\n\nSome **bold** text.\n\n<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1)) [good](/faq)\n`,
});

describe('content pages: /api/content and /api/admin/content', function () {
  this.timeout(120_000);
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let anonymous: TestClient;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer(mysql ? { DATABASE_URL: await mysql.create() } : {});
    admin = await signedInAs(server, 'admin');
    anonymous = new TestClient(server.url);
    direction = await buildDirection(server);
  });

  after(async () => {
    await server?.close();
    await mysql?.dropAll();
  });

  async function page(key: string, lang: Lang, query = ''): Promise<ContentPageDto> {
    const response = await anonymous.request('GET', `/content/pages/${key}?lang=${lang}${query}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as ContentPageDto;
  }

  async function currentVersion(): Promise<number> {
    return (await page('terms', 'ru')).terms!.current;
  }

  it('serves every seeded page in both languages with its title, description and a real body', async () => {
    for (const key of CONTENT_PAGE_KEYS) {
      for (const lang of LANGS) {
        const dto = await page(key, lang);
        expect(dto, `${key} ${lang}`).to.include({ key, lang, title: CONTENT_SEED[key][lang].title, description: CONTENT_SEED[key][lang].description });
        const text = (dto.html + (dto.faq ?? []).map((item) => item.html).join('')).replace(/<[^>]+>/g, '');
        expect(text.length, `${key} ${lang} body`).to.be.greaterThan(600);
        // The settings the texts name are filled in.
        expect(dto.html, `${key} ${lang}`).to.not.include('{{');
      }
    }
  });

  it('seeds the terms and the AML/KYC policy as full documents with their sections, in both languages', async () => {
    for (const lang of LANGS) {
      const terms = await page('terms', lang);
      const termsHeadings = headings(terms.html);
      for (const section of TERMS_SECTIONS[lang]) expect(termsHeadings.some((heading) => heading.includes(section)), `terms ${lang}: ${section}`).to.equal(true);
      expect(terms.html).to.include(`${server.config.kycRetentionDays}`);
      expect(terms.html).to.include(server.config.supportUrl);
      const aml = await page('amlKyc', lang);
      const amlHeadings = headings(aml.html);
      for (const section of AML_SECTIONS[lang]) expect(amlHeadings.some((heading) => heading.includes(section)), `aml ${lang}: ${section}`).to.equal(true);
      // The order statuses of the terms are the product's (locales' status names).
      const statuses = (await import(`../../locales/${lang}/order.json`, { with: { type: 'json' } })).default.status as Record<string, string>;
      for (const status of ['new', 'progress', 'done', 'hold', 'warning', 'returned', 'deleted']) expect(terms.html, `${lang} ${status}`).to.include(`<strong>${statuses[status]}</strong>`);
    }
  });

  it('gives the FAQ as question/answer pairs and the cash page the catalogue’s cities', async () => {
    for (const lang of LANGS) {
      const faq = await page('faq', lang);
      expect(faq.faq!.length).to.be.at.least(8);
      for (const item of faq.faq!) {
        expect(item.question).to.match(/\?$/);
        expect(item.html).to.match(/^<p>/);
        expect(item.text.length).to.be.greaterThan(20);
      }
      const cash = await page('cash', lang);
      const { Asset } = initModels(server.db.sequelize);
      const assets = await Asset.findAll({ where: { type: 'cash', enabled: true, city: { [Op.ne]: null } } });
      expect(cash.cash!.map((city) => city.city).sort()).to.deep.equal([...new Set(assets.map((asset) => asset.city!))].sort());
      expect(cash.cash!.flatMap((city) => city.currencies.map((currency) => currency.code)).sort()).to.deep.equal(assets.map((asset) => asset.code).sort());
    }
    const [firstRu] = (await page('cash', 'ru')).cash!;
    const [firstEn] = (await page('cash', 'en')).cash!;
    if (firstRu && firstEn) expect(firstRu.name).to.not.equal(firstEn.name);
  });

  it('answers 304 to a matching If-None-Match and is cacheable with revalidation', async () => {
    const first = await anonymous.request('GET', '/content/pages/aboutUs?lang=en');
    expect(first.headers.get('cache-control')).to.equal('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag')!;
    expect(etag).to.match(/^(W\/)?"/);
    const again = await fetch(`${server.url}/api/content/pages/aboutUs?lang=en`, { headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    const otherLang = await fetch(`${server.url}/api/content/pages/aboutUs?lang=ru`, { headers: { 'if-none-match': etag } });
    expect(otherLang.status).to.equal(200);
  });

  it('refuses bad input with stable codes', async () => {
    expect((await anonymous.request('GET', '/content/pages/nope?lang=ru')).status).to.equal(404);
    const badLang = await anonymous.request('GET', '/content/pages/faq?lang=de');
    expect([badLang.status, badLang.body.error?.code]).to.deep.equal([400, 'validation_failed']);
    const badVersion = await anonymous.request('GET', '/content/pages/terms?lang=ru&version=abc');
    expect([badVersion.status, badVersion.body.error?.code]).to.deep.equal([400, 'validation_failed']);
    const unknownVersion = await anonymous.request('GET', '/content/pages/terms?lang=ru&version=99999');
    expect([unknownVersion.status, unknownVersion.body.error?.code]).to.deep.equal([404, 'not_found']);

    const missingEn = await admin.request('PUT', '/admin/content/pages/faq', { ru: texts('ru', 'x') });
    expect([missingEn.status, missingEn.body.error?.code]).to.deep.equal([400, 'validation_failed']);
    expect(Object.keys(missingEn.body.error?.fields ?? {}).some((field) => field.startsWith('en')), JSON.stringify(missingEn.body)).to.equal(true);
    const longTitle = await admin.request('PUT', '/admin/content/pages/faq', { ru: { ...texts('ru', 'x'), title: 'x'.repeat(201) }, en: texts('en', 'x') });
    expect(longTitle.status).to.equal(400);
    expect(longTitle.body.error?.fields?.['ru.title']).to.match(/^Maximum character limit reached/);
    const emptyBody = await admin.request('PUT', '/admin/content/pages/faq', { ru: { ...texts('ru', 'x'), body: '   ' }, en: texts('en', 'x') });
    expect([emptyBody.status, emptyBody.body.error?.code]).to.deep.equal([400, 'validation_failed']);
    expect((await admin.request('PUT', '/admin/content/pages/nope', { ru: texts('ru', 'x'), en: texts('en', 'x') })).status).to.equal(404);
    const terms = await admin.request('PUT', '/admin/content/pages/terms', { ru: texts('ru', 'x'), en: texts('en', 'x') });
    expect([terms.status, terms.body.error?.code]).to.deep.equal([409, 'terms_versioned']);

    const noBody = await admin.request('POST', '/admin/content/terms', { bodyRu: 'текст' });
    expect([noBody.status, noBody.body.error?.code]).to.deep.equal([400, 'validation_failed']);
    const badTime = await admin.request('POST', '/admin/content/terms', { bodyRu: 'a', bodyEn: 'b', publishAt: 'tomorrow' });
    expect([badTime.status, Object.keys(badTime.body.error?.fields ?? {})]).to.deep.equal([400, ['publishAt']]);
    const past = await admin.request('POST', '/admin/content/terms', { bodyRu: 'a', bodyEn: 'b', publishAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect([past.status, Object.keys(past.body.error?.fields ?? {})]).to.deep.equal([400, ['publishAt']]);
  });

  it('is open to admins only (anonymous 401, user and operator 403)', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/admin/content/pages', roles: ADMIN_ONLY },
      { method: 'GET', path: '/admin/content/pages/faq', roles: ADMIN_ONLY },
      { method: 'PUT', path: '/admin/content/pages/faq', roles: ADMIN_ONLY, body: {} },
      { method: 'POST', path: '/admin/content/terms', roles: ADMIN_ONLY, body: {} },
    ]);
  });

  it('lets an admin edit a page in both languages: the public page shows it, raw HTML stays text, the change is audited', async () => {
    const marker = `m${Date.now()}`;
    const before = (await anonymous.request('GET', '/content/pages/guide?lang=en')).headers.get('etag')!;
    const saved = await admin.request('PUT', '/admin/content/pages/guide', { ru: texts('ru', marker), en: texts('en', marker) });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect((saved.body.data as AdminContentPageDto).texts.en.title).to.equal(`en title ${marker}`);
    for (const lang of LANGS) {
      const dto = await page('guide', lang);
      expect(dto.title).to.equal(`${lang} title ${marker}`);
      expect(dto.html).to.include(`<h1>${lang} heading ${marker}</h1>`).and.include('<strong>bold</strong>');
      expect(dto.html).to.not.include('<script').and.not.include('<img').and.not.include('href="javascript');
      expect(dto.html).to.include('&lt;script&gt;');
      expect(dto.html).to.include('<a href="/faq" rel="nofollow noopener noreferrer">good</a>');
    }
    const after = await fetch(`${server.url}/api/content/pages/guide?lang=en`, { headers: { 'if-none-match': before } });
    expect(after.status).to.equal(200);

    const { AuditRecord } = initModels(server.db.sequelize);
    const records = await AuditRecord.findAll({ where: { action: 'content.update', targetType: 'content_page', targetId: 'guide', actorId: admin.userId } });
    expect(records).to.have.length(1);
    expect(records[0]!.after).to.include({ 'en.title': `en title ${marker}`, 'ru.title': `ru title ${marker}` });
    expect(records[0]!.before).to.include({ 'en.title': CONTENT_SEED.guide.en.title });

    const list = await admin.request('GET', '/admin/content/pages');
    const keys = (list.body.data.pages as Array<{ key: ContentPageKey }>).map((entry) => entry.key);
    expect(keys).to.deep.equal([...CONTENT_PAGE_KEYS]);
  });

  it('applies a terms version from its publication: a scheduled one is not current; registrations and orders record the current one', async () => {
    const { User, Order, AuditRecord } = initModels(server.db.sequelize);
    const start = await currentVersion();

    async function register(): Promise<number | null> {
      const email = uniqueEmail('terms');
      const answer = await new TestClient(server.url).post('/user/auth/register', {
        firstName: 'Ivan', secondName: 'Petrov', email, phone: '+79991234567', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, agreeTerms: true, captcha: '',
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return (await User.findOne({ where: { email } }))!.termsVersion;
    }
    async function order(): Promise<number | null> {
      const created = await anonymous.request('POST', '/orders', orderRequest(direction, { amountSend: '0.5' }));
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return (await Order.findOne({ where: { uid: created.body.data.uid } }))!.termsVersion;
    }

    expect(await register()).to.equal(start);
    expect(await order()).to.equal(start);

    // A version scheduled for later: published, not current, not readable yet.
    const later = await admin.request('POST', '/admin/content/terms', { bodyRu: '## Будущая редакция\n\nТекст.', bodyEn: '## Future version\n\nText.', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status, JSON.stringify(later.body)).to.equal(201);
    const scheduled = later.body.data as TermsPublishedDto;
    expect(scheduled).to.include({ version: start + 1, scheduled: true });
    expect(await currentVersion()).to.equal(start);
    expect((await anonymous.request('GET', `/content/pages/terms?lang=en&version=${scheduled.version}`)).status).to.equal(404);
    expect(await register()).to.equal(start);
    expect(await order()).to.equal(start);
    const adminView = (await admin.request('GET', '/admin/content/pages/terms')).body.data as AdminContentPageDto;
    expect(adminView.terms!.current).to.equal(start);
    expect(adminView.terms!.versions.find((version) => version.version === scheduled.version)).to.include({ scheduled: true });

    // A version published now: current at once; the earlier one stays readable.
    const now = await admin.request('POST', '/admin/content/terms', { bodyRu: '## Новая редакция\n\nТекст новой редакции.', bodyEn: '## New version\n\nThe new text.' });
    expect(now.status).to.equal(201);
    const published = now.body.data as TermsPublishedDto;
    expect(published).to.include({ version: start + 2, scheduled: false });
    const current = await page('terms', 'en');
    expect(current.terms).to.include({ version: published.version, current: published.version });
    expect(current.html).to.include('<h2>New version</h2>');
    expect(current.terms!.versions.map((version) => version.version)).to.include.members([published.version, start]).and.not.include(scheduled.version);
    const earlier = await page('terms', 'ru', `&version=${start}`);
    expect(earlier.terms).to.include({ version: start, current: published.version });
    expect(headings(earlier.html).length).to.be.at.least(10);
    expect(await register()).to.equal(published.version);
    expect(await order()).to.equal(published.version);

    // A version a moment ahead becomes current when its time comes.
    const soon = await admin.request('POST', '/admin/content/terms', { bodyRu: 'Скоро.', bodyEn: 'Soon.', publishAt: new Date(Date.now() + 1500).toISOString() });
    expect(soon.status).to.equal(201);
    expect(await currentVersion()).to.equal(published.version);
    await pause(2000);
    expect(await currentVersion()).to.equal(start + 3);
    expect(await order()).to.equal(start + 3);

    const records = await AuditRecord.findAll({ where: { action: 'terms.publish', actorId: admin.userId }, order: [['id', 'ASC']] });
    expect(records.map((record) => record.targetId)).to.deep.equal([String(start + 1), String(start + 2), String(start + 3)]);
    expect(records[0]!.after).to.include({ scheduled: true, version: start + 1 });
  });
});
