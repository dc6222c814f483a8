import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/server';

/** The page as the build wrote it, below the head the server renders per page (backend/seo). */
const bodyOf = (html: string) => html.slice(html.indexOf('<body'));
const buildTags = (html: string) => html.match(/<(?:script|link)\b[^>]*\b(?:src|href)="\/[^"]*"[^>]*>/g) ?? [];

describe('serving the built SPA', () => {
  let server: TestServer;
  let indexHtml: string;

  before(async () => {
    server = await startTestServer();
    indexHtml = await readFile(path.join(server.config.staticDir, 'index.html'), 'utf8');
  });

  after(async () => {
    await server.close();
  });

  it('answers a known route with index.html and status 200', async () => {
    const response = await fetch(`${server.url}/user-actions/verification`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    const html = await response.text();
    expect(bodyOf(html)).to.equal(bodyOf(indexHtml));
    expect(buildTags(html)).to.deep.equal(buildTags(indexHtml));
  });

  it('answers a known route with parameters with status 200', async () => {
    const response = await fetch(`${server.url}/order/AB12/secret-value`);
    expect(response.status).to.equal(200);
  });

  it('answers an unknown path with index.html and status 404', async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).to.equal(404);
    const html = await response.text();
    expect(bodyOf(html)).to.equal(bodyOf(indexHtml));
    expect(buildTags(html)).to.deep.equal(buildTags(indexHtml));
  });

  it('answers HEAD like GET without a body', async () => {
    const known = await fetch(`${server.url}/faq`, { method: 'HEAD' });
    const unknown = await fetch(`${server.url}/no-such-page`, { method: 'HEAD' });
    expect([known.status, unknown.status]).to.deep.equal([200, 404]);
    expect(await known.text()).to.equal('');
  });

  it('lets browsers revalidate index.html on every load', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('cache-control')).to.equal('no-cache');
  });

  it('serves hashed assets with immutable caching', async () => {
    const [asset] = (await readdir(path.join(server.config.staticDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const response = await fetch(`${server.url}/assets/${asset}`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).to.match(/javascript/);
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const response = await fetch(`${server.url}/assets/missing-0000.js`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
  });

  it('serves the build manifest without caching it', async () => {
    const response = await fetch(`${server.url}/builds/latest.json`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-cache');
    expect(await response.json()).to.have.property('buildId').that.is.a('string');
  });

  it('refuses to serve files outside the build folder', async () => {
    const response = await fetch(`${server.url}/assets/..%2f..%2f..%2fpackage.json`);
    expect(response.status).to.be.oneOf([400, 403, 404]);
    expect(await response.text()).not.to.include('"dependencies"');
  });

  it('answers other methods on pages with 405', async () => {
    const response = await fetch(`${server.url}/faq`, { method: 'POST' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.equal('GET, HEAD');
  });
});
