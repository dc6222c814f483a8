import { expect } from 'chai';
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { loadCatalogue } from './repository';
import { startTestServer, type TestServer } from '../test/server';
import { CATALOGUE_CACHE_CONTROL } from './routes';

describe('GET /api/catalogue', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  const get = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/catalogue`, { headers: { lang: 'en', ...headers } });

  it('answers the catalogue the server seeded at start, as loadCatalogue reads it', async () => {
    const response = await get();
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    const body = (await response.json()) as { success: true; data: { assets: AssetDto[]; directions: DirectionDto[] } };
    expect(body.success).to.equal(true);
    expect(body.data).to.deep.equal(await loadCatalogue(server.db));
    const codes = body.data.assets.map((asset) => asset.code);
    expect(codes).to.include.members(SEED_ASSETS.map((asset) => asset.code));
    if (server.db.dialect === 'sqlite') {
      // A fresh embedded database holds exactly the demo catalogue.
      expect(body.data.assets).to.have.length(SEED_ASSETS.length);
      expect(body.data.directions).to.have.length(SEED_DIRECTIONS.length);
    }
  });

  it('names banks, payment systems and cash in Russian and in Latin letters, coins in Latin only, whatever the request language', async () => {
    const bodies: string[] = [];
    for (const lang of ['ru', 'en']) {
      const response = await get({ lang });
      const text = await response.text();
      bodies.push(text);
      const { data } = JSON.parse(text) as { data: { assets: AssetDto[] } };
      const names = (code: string) => {
        const asset = data.assets.find((each) => each.code === code);
        return asset && { name: asset.name, nameRu: asset.nameRu };
      };
      expect(names('SBERRUB'), lang).to.deep.equal({ name: 'Sberbank', nameRu: 'Сбербанк' });
      expect(names('TCSBRUB'), lang).to.deep.equal({ name: 'T-Bank', nameRu: 'Т-Банк (Тинькофф)' });
      expect(names('CASHRUBMSK'), lang).to.deep.equal({ name: 'Cash RUB (Moscow)', nameRu: 'Наличные RUB (Москва)' });
      expect(names('BTC'), lang).to.deep.equal({ name: 'Bitcoin', nameRu: null });
    }
    // One body for both languages: the ETag and the caches stay shared.
    expect(bodies[0]).to.equal(bodies[1]);
  });

  it('lists coins first, then fiat, then cash', async () => {
    const { data } = (await (await get()).json()) as { data: { assets: AssetDto[] } };
    const types = data.assets.map((asset) => asset.type);
    expect(types.indexOf('fiat')).to.be.above(types.lastIndexOf('coin'));
    expect(types.indexOf('cash')).to.be.above(types.lastIndexOf('fiat'));
  });

  it('lets clients keep it briefly and revalidate it with an ETag', async () => {
    const response = await get();
    expect(response.headers.get('cache-control')).to.equal(CATALOGUE_CACHE_CONTROL);
    // Weak: the same catalogue goes out in br, gzip or as it is (platform/http/compress.ts).
    expect(response.headers.get('etag')).to.match(/^W\/"[A-Za-z0-9_-]{27}"$/);
  });

  it('answers 304 without a body to a request carrying the current ETag', async () => {
    const etag = (await get()).headers.get('etag')!;
    const response = await get({ 'if-none-match': etag });
    expect(response.status).to.equal(304);
    expect(await response.text()).to.equal('');
    expect(response.headers.get('etag')).to.equal(etag);
    expect(response.headers.get('cache-control')).to.equal(CATALOGUE_CACHE_CONTROL);
  });

  it('answers 304 when the ETag is one of several, marked weak or not', async () => {
    const etag = (await get()).headers.get('etag')!;
    const opaque = etag.replace(/^W\//, '');
    expect((await get({ 'if-none-match': `"an-old-catalogue", ${etag}` })).status).to.equal(304);
    expect((await get({ 'if-none-match': `W/${opaque}` })).status).to.equal(304);
    expect((await get({ 'if-none-match': opaque })).status).to.equal(304);
  });

  it('answers the full catalogue to a request carrying an old ETag', async () => {
    const response = await get({ 'if-none-match': '"an-old-catalogue"' });
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { data: { assets: unknown[] } }).data.assets.length).to.be.above(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${server.url}/api/catalogue`, { method: 'HEAD' });
    expect(response.status).to.equal(200);
    expect(response.headers.get('etag')).to.match(/^W\/"/);
    expect(await response.text()).to.equal('');
  });
});
