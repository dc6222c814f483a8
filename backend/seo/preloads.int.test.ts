import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { PagePreloads } from '../../common/api';
import { decodeBody, rawRequest } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';
import { PRELOADS_PATH } from './preloads';

const FIXTURE = new URL('../test/fixtures/spa/', import.meta.url).pathname;

const PRELOADS: PagePreloads = {
  routes: {
    order: { scripts: ['/assets/order-A1.js', '/assets/money-B2.js'], styles: ['/assets/order-C3.css'] },
    faq: { scripts: ['/assets/faq-D4.js'], styles: [] },
    userProfile: { scripts: ['/assets/userProfile-E5.js'], styles: [] },
  },
  locales: { ru: { scripts: ['/assets/ru-F6.js'], styles: [] }, en: { scripts: ['/assets/en-G7.js'], styles: [] } },
};

/** The `<link>`s of a page's head that name a preload, as `rel href`. */
function preloadsOf(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
}

describe('a public page’s HTML names the files its first load needs (builds/preloads.json)', () => {
  let staticDir: string;
  let server: TestServer;

  before(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'exchanger-preloads-'));
    await cp(FIXTURE, staticDir, { recursive: true });
    await writeFile(path.join(staticDir, PRELOADS_PATH), JSON.stringify(PRELOADS));
    server = await startTestServer({ STATIC_DIR: staticDir });
  });

  after(async () => {
    await server?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const page = async (pathname: string, headers: Record<string, string> = {}) => {
    const answer = await rawRequest(`${server.url}${pathname}`, headers);
    return { status: answer.status, html: decodeBody(answer).toString('utf8') };
  };

  it('an order page: its language’s texts, its chunks and its style sheet, in the language the page is in', async () => {
    const en = await page('/order/AB12CD34EF/some-secret', { cookie: 'lang=en' });
    expect(en.status).to.equal(200);
    expect(en.html).to.match(/<html lang="en"/);
    expect(preloadsOf(en.html)).to.deep.equal(['modulepreload /assets/en-G7.js', 'modulepreload /assets/order-A1.js', 'modulepreload /assets/money-B2.js', 'preload /assets/order-C3.css']);
    const ru = await page('/faq', { 'accept-language': 'de, ru;q=0.5' });
    expect(ru.html).to.match(/<html lang="ru"/);
    expect(preloadsOf(ru.html)).to.deep.equal(['modulepreload /assets/ru-F6.js', 'modulepreload /assets/faq-D4.js']);
  });

  it('nothing for a page behind sign-in or a path that is no page', async () => {
    const profile = await page('/user/profile', { cookie: 'lang=en' });
    expect(profile.status).to.equal(200);
    expect(preloadsOf(profile.html)).to.deep.equal([]);
    const missing = await page('/no-such-page', { cookie: 'lang=en' });
    expect(missing.status).to.equal(404);
    expect(preloadsOf(missing.html)).to.deep.equal([]);
  });

  it('nothing when the build has no preloads file, and the page is served all the same', async () => {
    const bareDir = await mkdtemp(path.join(tmpdir(), 'exchanger-preloads-'));
    await cp(FIXTURE, bareDir, { recursive: true });
    const bare = await startTestServer({ STATIC_DIR: bareDir });
    try {
      const answer = await rawRequest(`${bare.url}/faq`, { cookie: 'lang=en' });
      expect(answer.status).to.equal(200);
      const html = decodeBody(answer).toString('utf8');
      expect(html).to.contain('index-fixture.js');
      expect(preloadsOf(html)).to.deep.equal([]);
    } finally {
      await bare.close();
      await rm(bareDir, { recursive: true, force: true });
    }
  });
});
