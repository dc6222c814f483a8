import { expect } from 'chai';
import type { AssetDirectionsDto, CatalogueAssetsDto } from '../../common/catalogue';
import { loadCatalogue } from './repository';
import { CATALOGUE_CACHE_CONTROL } from './routes';
import { startTestServer, type TestServer } from '../test/server';

describe('the catalogue in parts: GET /api/catalogue/assets and /api/catalogue/assets/:code/directions', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/catalogue${path}`, { headers: { lang: 'en', 'accept-encoding': 'identity', ...headers } });
  const data = async <T>(path: string) => ((await (await get(path)).json()) as { data: T }).data;

  it('lists every offered asset once, and the codes of those some offered direction sends from', async () => {
    const catalogue = await loadCatalogue(server.db);
    const answer = await data<CatalogueAssetsDto>('/assets');
    expect(answer.assets).to.deep.equal(catalogue.assets);
    const senders = new Set(catalogue.directions.map((direction) => direction.from));
    expect(answer.senders).to.deep.equal(catalogue.assets.filter((asset) => senders.has(asset.code)).map((asset) => asset.code));
    expect(answer.senders.length).to.be.above(0);
  });

  it('gives an asset exactly the offered directions leaving or reaching it, in catalogue order', async () => {
    const catalogue = await loadCatalogue(server.db);
    for (const code of ['BTC', 'SBERRUB', 'CASHRUBMSK']) {
      const answer = await data<AssetDirectionsDto>(`/assets/${code}/directions`);
      const expected = catalogue.directions.filter((direction) => direction.from === code || direction.to === code);
      expect(expected.length, code).to.be.above(0);
      expect(answer).to.deep.equal({ code, directions: expected });
    }
  });

  it('answers 404 with a translated message for an asset not offered or not a code', async () => {
    for (const code of ['NOPE', 'btc', 'X']) {
      const response = await get(`/assets/${code}/directions`);
      expect(response.status, code).to.equal(404);
      const body = (await response.json()) as { success: false; error: { code: string; message: string } };
      expect(body.error).to.include({ code: 'not_found', message: 'This exchange direction is not available' });
    }
  });

  it('lets clients keep each part briefly and revalidate it with its own ETag', async () => {
    const assets = await get('/assets');
    const directions = await get('/assets/BTC/directions');
    for (const response of [assets, directions]) {
      expect(response.headers.get('cache-control')).to.equal(CATALOGUE_CACHE_CONTROL);
      expect(response.headers.get('etag')).to.match(/^(W\/)?"[A-Za-z0-9_-]{27}"$/);
    }
    expect(assets.headers.get('etag')).to.not.equal(directions.headers.get('etag'));
    const again = await get('/assets', { 'if-none-match': assets.headers.get('etag')! });
    expect(again.status).to.equal(304);
    expect(await again.text()).to.equal('');
    const other = await get('/assets/BTC/directions', { 'if-none-match': assets.headers.get('etag')! });
    expect(other.status).to.equal(200);
  });

  it('is a small part of the whole catalogue', async () => {
    // Sizes are a property of the catalogue, so this one runs on the demo catalogue alone, in a
    // database of its own: with TEST_DATABASE_URL every test file shares one database, where the
    // assets other tests add (hundreds, most with no direction) pile up and swell the asset list.
    const own = await startTestServer({ DATABASE_URL: undefined });
    try {
      const size = async (path: string) =>
        (await (await fetch(`${own.url}/api/catalogue${path}`, { headers: { lang: 'en', 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
      const whole = await size('');
      const assets = await size('/assets');
      const directions = await size('/assets/BTC/directions');
      expect(assets + directions).to.be.below(whole / 2);
    } finally {
      await own.close();
    }
  });
});
