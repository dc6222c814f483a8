import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { precompressDir } from '../../../frontend/build/precompress';
import { decodeBody, rawRequest } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

const CHROME = 'gzip, deflate, br, zstd';

/** A build folder like Vite's, compressed the way the build compresses it. */
async function buildSpa(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'));
  const script = Array.from({ length: 400 }, (_, index) => `export const value${index} = ${JSON.stringify(`line ${index}`)};`).join('\n');
  await writeFile(path.join(dir, 'assets', 'index-test.js'), script);
  const padding = Array.from({ length: 60 }, (_, index) => `<meta name="filler-${index}" content="x" />`).join('\n');
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html><head>${padding}<script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`);
  await writeFile(path.join(dir, 'tiny.txt'), 'ok');
  // Already compressed: served as it is, never given siblings.
  await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));
  await precompressDir(dir);
}

describe('static files in the coding the client accepts', () => {
  let dir: string;
  let server: TestServer;
  let script: Buffer;
  let html: Buffer;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'exchanger-spa-'));
    await buildSpa(dir);
    script = await readFile(path.join(dir, 'assets', 'index-test.js'));
    html = await readFile(path.join(dir, 'index.html'));
    server = await startTestServer({ STATIC_DIR: dir });
  });

  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (file: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${file}`, headers);

  it('sends the brotli sibling to a browser, with the type, length and Vary of that representation', async () => {
    const answer = await get('/assets/index-test.js', { 'accept-encoding': CHROME });
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-encoding']).to.equal('br');
    expect(answer.headers['content-type']).to.match(/javascript/);
    expect(answer.headers.vary).to.match(/accept-encoding/i);
    expect(answer.headers['content-length']).to.equal(String(answer.body.length));
    expect(answer.body.length).to.be.below(script.length / 3);
    expect(decodeBody(answer).equals(script)).to.equal(true);
  });

  it('follows q-values: gzip when preferred or when br is refused', async () => {
    for (const accept of ['gzip;q=1, br;q=0.5', 'br;q=0, gzip']) {
      const answer = await get('/assets/index-test.js', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).to.equal('gzip');
      expect(decodeBody(answer).equals(script), accept).to.equal(true);
    }
  });

  it('sends the file itself without Accept-Encoding, to identity, and when every coding is refused', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const answer = await get('/assets/index-test.js', headers);
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).to.equal(undefined);
      expect(answer.headers.vary, JSON.stringify(headers)).to.match(/accept-encoding/i);
      expect(answer.body.equals(script), JSON.stringify(headers)).to.equal(true);
    }
  });

  it('gives each coding its own ETag and answers 304 to the ETag of the coding it would send', async () => {
    const tags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      tags.set(accept, String((await get('/assets/index-test.js', { 'accept-encoding': accept })).headers.etag));
    }
    expect(new Set(tags.values()).size).to.equal(3);
    for (const [accept, etag] of tags) {
      const answer = await get('/assets/index-test.js', { 'accept-encoding': accept, 'if-none-match': etag });
      expect(answer.status, accept).to.equal(304);
      expect(answer.headers.etag, accept).to.equal(etag);
      expect(answer.headers['content-encoding'], accept).to.equal(undefined);
      expect(answer.body.length, accept).to.equal(0);
    }
    // A gzip copy's ETag does not validate the br answer.
    const other = await get('/assets/index-test.js', { 'accept-encoding': 'br', 'if-none-match': tags.get('gzip')! });
    expect(other.status).to.equal(200);
    expect(other.headers['content-encoding']).to.equal('br');
  });

  it('compresses index.html for pages and revalidates it, but sends the 404 page whole', async () => {
    const page = await get('/faq', { 'accept-encoding': CHROME });
    expect(page.status).to.equal(200);
    expect(page.headers['content-encoding']).to.equal('br');
    expect(page.headers['content-type']).to.match(/^text\/html/);
    // The build's page with the page's own head rendered in (backend/seo): the build's tags all kept.
    const rendered = decodeBody(page).toString();
    const source = html.toString();
    const buildHead = source.slice(source.indexOf('<meta name="filler-0"'), source.indexOf('</head>'));
    const afterHead = (text: string) => text.slice(text.indexOf('</head>'));
    expect(rendered).to.include(buildHead);
    // The page's first screen is prerendered into the root (backend/seo/shell.ts); the rest is the build's.
    const withoutShell = (text: string) => text.replace(/(<div id="root">)[\s\S]*?(<\/div><\/body>)/, '$1$2');
    expect(afterHead(rendered)).to.include('app--prerendered');
    expect(withoutShell(afterHead(rendered))).to.equal(afterHead(source));
    expect(rendered).to.match(/<title>[^<]+ — Exchanger<\/title>/);
    const again = await get('/faq', { 'accept-encoding': CHROME, 'if-none-match': String(page.headers.etag) });
    expect(again.status).to.equal(304);
    const missing = await get('/no-such-page', { 'accept-encoding': CHROME, 'if-none-match': String(page.headers.etag) });
    expect(missing.status).to.equal(404);
    const missingHtml = decodeBody(missing).toString();
    expect(missingHtml).to.include(buildHead);
    expect(afterHead(missingHtml)).to.equal(afterHead(source));
  });

  it('answers HEAD with the length of the coding GET would send', async () => {
    const head = await rawRequest(`${server.url}/assets/index-test.js`, { 'accept-encoding': 'gzip' }, 'HEAD');
    const gzipped = await readFile(path.join(dir, 'assets', 'index-test.js.gz'));
    expect(head.headers['content-encoding']).to.equal('gzip');
    expect(head.headers['content-length']).to.equal(String(gzipped.length));
    expect(head.body.length).to.equal(0);
  });

  it('never compresses per request what the build left as it is', async () => {
    const png = await get('/logo.png', { 'accept-encoding': CHROME });
    expect(png.status).to.equal(200);
    expect(png.headers['content-encoding']).to.equal(undefined);
    expect(png.body.length).to.equal(4096);
    const tiny = await get('/tiny.txt', { 'accept-encoding': CHROME });
    expect(tiny.headers['content-encoding']).to.equal(undefined);
    expect(tiny.body.toString()).to.equal('ok');
  });
});
