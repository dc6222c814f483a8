import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import Koa from 'koa';
import { COMPRESS_IN_PLACE_MAX_BYTES, COMPRESS_THRESHOLD_BYTES, compressAnswers, DYNAMIC_BROTLI_QUALITY, SHARED_BROTLI_QUALITY, SHARED_GZIP_LEVEL, shareBody } from './compress';
import { decodeBody, listenApp, rawRequest } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

describe('compressing JSON answers', () => {
  let server: TestServer;

  // The demo catalogue in a database of its own: its JSON must stay below
  // COMPRESS_IN_PLACE_MAX_BYTES, and on the shared TEST_DATABASE_URL the assets other test files
  // add make it larger (646 assets once: streamed, chunked).
  before(async () => {
    server = await startTestServer({ DATABASE_URL: undefined });
  });

  after(async () => server.close());

  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${path}`, { lang: 'en', ...headers });

  it('sends an answer above the threshold in br, or gzip when br is refused, decoding to the same JSON', async () => {
    const plain = await get('/api/catalogue');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.length).to.be.above(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/api/catalogue', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).to.equal('br');
    expect(br.headers.vary).to.match(/accept-encoding/i);
    expect(br.body.length).to.be.below(plain.body.length / 3);
    expect(decodeBody(br).equals(plain.body)).to.equal(true);
    const gzip = await get('/api/catalogue', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(decodeBody(gzip).equals(plain.body)).to.equal(true);
  });

  it('compresses a JSON answer in place: one body with its length, br or gzip by q-value (ties to br)', async () => {
    const plain = await get('/api/catalogue');
    expect(plain.body.length).to.be.within(COMPRESS_THRESHOLD_BYTES, COMPRESS_IN_PLACE_MAX_BYTES);
    for (const [header, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0.8, br;q=0.8', 'br'],
      ['*', 'br'],
      ['deflate, *;q=0.1', 'br'],
      ['identity', undefined],
      ['gzip;q=0, br;q=0', undefined],
    ] as const) {
      const answer = await get('/api/catalogue', { 'accept-encoding': header });
      expect(answer.headers['content-encoding'], header).to.equal(expected);
      // A buffer, not a stream: Content-Length, no chunked transfer.
      expect(answer.headers['transfer-encoding'], header).to.equal(undefined);
      expect(Number(answer.headers['content-length']), header).to.equal(answer.body.length);
      expect(decodeBody(answer).equals(plain.body), header).to.equal(true);
    }
  });

  it('sends an answer below the threshold as it is', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'gzip, deflate, br' });
    expect(health.status).to.equal(200);
    expect(health.body.length).to.be.below(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(health.body.toString())).to.have.property('success', true);
  });

  it('weakens the ETag of an answer it may compress, and still answers 304 to it', async () => {
    const first = await get('/api/catalogue', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).to.match(/^W\/"/);
    const again = await get('/api/catalogue', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).to.equal(304);
    expect(again.headers.etag).to.equal(etag);
  });

  it("compresses a shared answer (the catalogue's parts) at the shared levels, smaller than per request", async () => {
    const plain = await get('/api/catalogue/assets');
    const br = await get('/api/catalogue/assets', { 'accept-encoding': 'br' });
    const brotli = (quality: number) =>
      brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: plain.body.length } });
    expect(br.body.equals(brotli(SHARED_BROTLI_QUALITY))).to.equal(true);
    expect(br.body.length).to.be.below(brotli(DYNAMIC_BROTLI_QUALITY).length);
    const gzip = await get('/api/catalogue/assets', { 'accept-encoding': 'gzip' });
    expect(decodeBody(gzip).equals(plain.body)).to.equal(true);
    expect(gzip.body.length).to.be.at.most(gzipSync(plain.body, { level: SHARED_GZIP_LEVEL }).length + 32);
  });
});

describe('compressing a shared body once per coding (shareBody)', () => {
  /** An app answering `/shared` with one body and anything else with the other, both JSON. */
  function serveBodies(shared: Buffer, unshared: Buffer) {
    const app = new Koa();
    app.use(compressAnswers());
    app.use(async (ctx) => {
      ctx.type = 'application/json';
      ctx.body = ctx.path === '/shared' ? shared : unshared;
    });
    return listenApp(app);
  }

  it('sends the copy made for the first request to the next ones, and compresses an unshared body anew', async () => {
    const json = () => Buffer.from(JSON.stringify({ success: true, data: Array.from({ length: 200 }, (_, index) => ({ index, name: `asset ${index}` })) }));
    const shared = shareBody(json());
    const unshared = json();
    const original = json();
    const listening = await serveBodies(shared, unshared);
    try {
      const get = (path: string) => rawRequest(`${listening.url}${path}`, { 'accept-encoding': 'br' });
      for (const path of ['/shared', '/unshared']) expect(decodeBody(await get(path)).equals(original), path).to.equal(true);
      // Changed in place (what a shared body must never be): only a body compressed per request shows it.
      shared.fill(0x20, 10, 20);
      unshared.fill(0x20, 10, 20);
      expect(decodeBody(await get('/shared')).equals(original)).to.equal(true);
      expect(decodeBody(await get('/unshared')).equals(unshared)).to.equal(true);
    } finally {
      await listening.close();
    }
  });

  it('compresses a large shared body once per coding off the event loop (at the per-request levels), and still streams a large unshared one', async () => {
    const json = () =>
      Buffer.from(JSON.stringify({ success: true, data: Array.from({ length: 12_000 }, (_, index) => ({ index, name: `asset ${index}`, code: `A${(index * 7919) % 100_003}` })) }));
    const shared = shareBody(json());
    const unshared = json();
    const original = json();
    expect(original.length).to.be.above(COMPRESS_IN_PLACE_MAX_BYTES);
    const listening = await serveBodies(shared, unshared);
    try {
      const get = (path: string, coding: string) => rawRequest(`${listening.url}${path}`, { 'accept-encoding': coding });
      // Requests that arrive together all get the one copy, whole, with its length.
      const first = await Promise.all([get('/shared', 'br'), get('/shared', 'br'), get('/shared', 'br')]);
      const brotli = brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length } });
      for (const answer of first) {
        expect(answer.headers['content-encoding']).to.equal('br');
        expect(answer.headers['transfer-encoding']).to.equal(undefined);
        expect(Number(answer.headers['content-length'])).to.equal(answer.body.length);
        expect(answer.body.equals(brotli)).to.equal(true);
      }
      const gzipped = await get('/shared', 'gzip');
      expect(gzipped.headers['content-encoding']).to.equal('gzip');
      expect(decodeBody(gzipped).equals(original)).to.equal(true);
      // Kept: a change made in place (what a shared body must never be) does not show in either coding.
      shared.fill(0x20, 10, 20);
      expect(decodeBody(await get('/shared', 'br')).equals(original)).to.equal(true);
      expect(decodeBody(await get('/shared', 'gzip')).equals(original)).to.equal(true);
      // An unshared body of that size is compressed per request, by a stream.
      const streamed = await get('/unshared', 'br');
      expect(streamed.headers['content-encoding']).to.equal('br');
      expect(streamed.headers['transfer-encoding']).to.equal('chunked');
      unshared.fill(0x20, 10, 20);
      expect(decodeBody(await get('/unshared', 'br')).equals(unshared)).to.equal(true);
    } finally {
      await listening.close();
    }
  });
});
