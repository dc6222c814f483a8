import { expect } from 'chai';
import { monitoringCode, type AssetDto, type DirectionRateDto, type FeeDto } from '../../common/catalogue';
import type { RatesDto } from '../../common/events';
import { Big } from '../../common/money';
import { loadCatalogue } from '../catalogue/repository';
import { createCbrProvider } from '../rates/providers/cbr';
import { createSimulatedProvider } from '../rates/providers/simulated';
import { SIMULATED_MARKETS } from '../rates/providers/simulatedMarket';
import { readFixture, startFixtureServer, type FixtureReply, type FixtureServer } from '../rates/providers/testing/fixtureServer';
import { connectRatesClient, startTestWorker, type RatesClient } from '../rates/testing/live';
import { isCompressed } from './compress';
import { decodeBody, rawRequest } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function getRates(server: TestServer): Promise<RatesDto> {
  const response = await fetch(`${server.url}/api/rates`);
  return ((await response.json()) as { data: RatesDto }).data;
}

/** What monitoring sites must read for a snapshot, written out independently of the exporter. */
function expectedRows(rates: readonly DirectionRateDto[], assets: readonly AssetDto[]) {
  const byCode = new Map(assets.map((asset) => [asset.code, asset]));
  const fee = (value: FeeDto, currency: string) => (value.unit === 'percent' ? `${value.value} %` : `${value.value} ${currency}`);
  return rates
    .filter((rate) => !rate.stale && byCode.has(rate.from) && byCode.has(rate.to) && new Big(rate.min).lte(rate.max))
    .map((rate) => {
      const from = byCode.get(rate.from)!;
      const to = byCode.get(rate.to)!;
      const row: Record<string, string> = {
        from: monitoringCode(from),
        to: monitoringCode(to),
        in: rate.in,
        out: rate.out,
        amount: rate.reserve,
        minamount: `${rate.min} ${from.currency}`,
        maxamount: `${rate.max} ${from.currency}`,
      };
      if (rate.fees?.minFee !== undefined) row.minfee = `${rate.fees.minFee} ${from.currency}`;
      if (rate.fees?.fromFee) row.fromfee = fee(rate.fees.fromFee, from.currency);
      if (rate.fees?.toFee) row.tofee = fee(rate.fees.toFee, to.currency);
      const city = to.city ?? from.city;
      if (city) row.city = city;
      if (rate.manual) row.param = 'manual';
      return row;
    });
}

describe('monitoring exports', function () {
  this.timeout(30_000);

  describe('of the live snapshot', () => {
    let server: TestServer;
    let worker: RunningWorker | undefined;
    let snapshot: RatesDto;
    let rows: Array<Record<string, string>>;

    before(async () => {
      server = await startTestServer();
      const client = await connectRatesClient(server.url);
      worker = await startTestWorker(server);
      await client.waitForRates();
      client.close();
      // Frozen from here: the snapshot holds for minutes without its worker.
      await worker.close();
      worker = undefined;
      snapshot = await getRates(server);
      rows = expectedRows(snapshot.rates, (await loadCatalogue(server.db)).assets);
    });

    after(async () => {
      await worker?.close();
      await server.close();
    });

    it('publishes every direction of the snapshot, cash with its city and manual ones flagged', () => {
      expect(rows.length).to.be.greaterThan(300);
      expect(rows.some((row) => row.from === 'BTC' && row.to === 'CASHRUB' && row.city === 'MSK')).to.equal(true);
      expect(rows.some((row) => row.param === 'manual')).to.equal(true);
    });

    it('serves the TXT export as FROM;TO;IN;OUT;RESERVE; lines', async () => {
      const response = await fetch(`${server.url}/export/rates.txt`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
      const expected = rows.map((row) => `${row.from};${row.to};${row.in};${row.out};${row.amount};\n`).join('');
      expect(await response.text()).to.equal(expected);
    });

    it('serves the XML export in the BestChange format', async () => {
      const response = await fetch(`${server.url}/export/rates.xml`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('application/xml; charset=utf-8');
      const order = ['from', 'to', 'in', 'out', 'amount', 'minamount', 'maxamount', 'minfee', 'fromfee', 'tofee', 'city', 'param'];
      const items = rows.map(
        (row) => `<item>${order.filter((name) => name in row).map((name) => `<${name}>${row[name]}</${name}>`).join('')}</item>\n`,
      );
      expect(await response.text()).to.equal(`<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items.join('')}</rates>\n`);
    });

    it('serves the JSON export as an array of the same fields, every value a string', async () => {
      const response = await fetch(`${server.url}/export/rates.json`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(await response.json()).to.deep.equal(rows);
    });

    it('answers 304 to If-None-Match with the current ETag', async () => {
      const first = await fetch(`${server.url}/export/rates.xml`);
      const etag = first.headers.get('etag')!;
      expect(etag).to.match(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('last-modified')).to.match(/GMT$/);
      const again = await fetch(`${server.url}/export/rates.xml`, { headers: { 'if-none-match': etag } });
      expect(again.status).to.equal(304);
      expect(await again.text()).to.equal('');
      const other = await fetch(`${server.url}/export/rates.xml`, { headers: { 'if-none-match': '"something-else"' } });
      expect(other.status).to.equal(200);
    });

    it('answers 304 to If-Modified-Since at Last-Modified, 200 to an earlier date', async () => {
      const first = await fetch(`${server.url}/export/rates.txt`);
      const lastModified = first.headers.get('last-modified')!;
      const same = await fetch(`${server.url}/export/rates.txt`, { headers: { 'if-modified-since': lastModified } });
      expect(same.status).to.equal(304);
      const earlier = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
      const older = await fetch(`${server.url}/export/rates.txt`, { headers: { 'if-modified-since': earlier } });
      expect(older.status).to.equal(200);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const identity = { 'accept-encoding': 'identity' };
      const get = await fetch(`${server.url}/export/rates.json`, { headers: identity });
      const body = await get.arrayBuffer();
      const head = await fetch(`${server.url}/export/rates.json`, { method: 'HEAD', headers: identity });
      expect(head.status).to.equal(200);
      expect(head.headers.get('etag')).to.equal(get.headers.get('etag'));
      expect(head.headers.get('content-length')).to.equal(String(body.byteLength));
      expect((await head.arrayBuffer()).byteLength).to.equal(0);
    });

    const FILES = ['rates.xml', 'rates.json', 'rates.txt'];
    const getRaw = (file: string, headers: Record<string, string>) => rawRequest(`${server.url}/export/${file}`, headers);

    /** The compressed copies follow the rebuild off the request path. */
    async function compressed(): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (!isCompressed(server.rates.current()!.exports)) {
        if (Date.now() > deadline) throw new Error('the exports were not compressed within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('serves each export in br, gzip and identity by Accept-Encoding, decoding to exactly the raw bytes', async () => {
      await compressed();
      for (const file of FILES) {
        const raw = await getRaw(file, { 'accept-encoding': 'identity' });
        expect(raw.headers['content-encoding'], file).to.equal(undefined);
        expect(raw.headers.vary, file).to.match(/accept-encoding/i);
        for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip, br;q=0', 'gzip']]) {
          const answer = await getRaw(file, { 'accept-encoding': accept });
          expect(answer.headers['content-encoding'], `${file} ${accept}`).to.equal(coding);
          expect(answer.headers['content-type'], file).to.equal(raw.headers['content-type']);
          expect(answer.headers['content-length'], file).to.equal(String(answer.body.length));
          expect(answer.headers.vary, file).to.match(/accept-encoding/i);
          expect(answer.body.length, file).to.be.below(raw.body.length / 2);
          expect(decodeBody(answer).equals(raw.body), `${file} ${accept}`).to.equal(true);
        }
      }
    });

    it('gives each coding its own ETag and answers 304 to the ETag of the coding it would send', async () => {
      await compressed();
      const tags = new Map<string, string>();
      for (const coding of ['br', 'gzip', 'identity']) {
        tags.set(coding, String((await getRaw('rates.xml', { 'accept-encoding': coding })).headers.etag));
      }
      const raw = tags.get('identity')!;
      expect(tags.get('br')).to.equal(`${raw.slice(0, -1)}-br"`);
      expect(tags.get('gzip')).to.equal(`${raw.slice(0, -1)}-gz"`);
      for (const [coding, etag] of tags) {
        const answer = await getRaw('rates.xml', { 'accept-encoding': coding, 'if-none-match': etag });
        expect(answer.status, coding).to.equal(304);
        expect(answer.headers.etag, coding).to.equal(etag);
        expect(answer.body.length, coding).to.equal(0);
      }
      const other = await getRaw('rates.xml', { 'accept-encoding': 'br', 'if-none-match': raw });
      expect(other.status).to.equal(200);
      expect(other.headers['content-encoding']).to.equal('br');
    });

    it('changes the ETag once the rates change', async () => {
      const before = (await fetch(`${server.url}/export/rates.xml`)).headers.get('etag')!;
      const client = await connectRatesClient(server.url);
      worker = await startTestWorker(server);
      await client.waitForRates((update) => update.version > snapshot.version);
      client.close();
      const after = await fetch(`${server.url}/export/rates.xml`, { headers: { 'if-none-match': before } });
      expect(after.status).to.equal(200);
      expect(after.headers.get('etag')).not.to.equal(before);
    });

    it('answers 404, not the web app, for anything else under /export', async () => {
      const response = await fetch(`${server.url}/export/rates.csv`, { headers: { lang: 'en' } });
      expect(response.status).to.equal(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).to.equal('not_found');
    });

    it('answers 405 to other methods', async () => {
      const response = await fetch(`${server.url}/export/rates.xml`, { method: 'POST' });
      expect(response.status).to.equal(405);
      expect(response.headers.get('allow')).to.equal('GET, HEAD');
    });
  });

  describe('before the worker has published rates', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(async () => server.close());

    it('answers 503 with Retry-After', async () => {
      const response = await fetch(`${server.url}/export/rates.xml`, { headers: { lang: 'en' } });
      expect(response.status).to.equal(503);
      expect(response.headers.get('retry-after')).to.equal('10');
      expect(((await response.json()) as { error: { message: string } }).error.message).to.equal(
        'Rates are not available yet. Please try again in a minute',
      );
    });
  });

  describe('with MAINTENANCE=1', () => {
    let server: TestServer;
    let worker: RunningWorker;
    before(async () => {
      server = await startTestServer({ MAINTENANCE: '1' });
      const client = await connectRatesClient(server.url);
      worker = await startTestWorker(server);
      await client.waitForRates();
      client.close();
    });
    after(async () => {
      await worker.close();
      await server.close();
    });

    it('withdraws every export (503 maintenance with Retry-After) although rates are live', async () => {
      expect((await getRates(server)).rates.length).to.be.greaterThan(300);
      for (const file of ['rates.xml', 'rates.json', 'rates.txt']) {
        const response = await fetch(`${server.url}/export/${file}`, { headers: { lang: 'en' } });
        expect(response.status, file).to.equal(503);
        expect(response.headers.get('retry-after'), file).to.equal('600');
        expect(((await response.json()) as { error: { code: string } }).error.code, file).to.equal('maintenance');
      }
    });
  });

  describe('when a provider fails', () => {
    let server: TestServer;
    let worker: RunningWorker;
    let cbr: FixtureServer;
    let cbrReply: FixtureReply;
    let client: RatesClient;

    before(async () => {
      cbrReply = { headers: { 'content-type': 'application/xml; charset=windows-1251' }, body: readFixture('cbr-XML_daily.xml') };
      cbr = await startFixtureServer(() => cbrReply);
      server = await startTestServer();
      // Som are priced by the Central Bank alone; everything else by the simulated market.
      const markets = SIMULATED_MARKETS.filter((market) => market.quote !== 'KGS');
      worker = await startTestWorker(server, {
        sources: [
          { provider: createSimulatedProvider({ seed: 3, markets }), everyMs: 0, maxAgeMs: 30_000 },
          { provider: createCbrProvider({ baseUrl: cbr.baseUrl, timeoutMs: 2000, symbols: ['KGS'] }), everyMs: 0, maxAgeMs: 2 * YEAR_MS },
        ],
      });
      client = await connectRatesClient(server.url);
    });

    after(async () => {
      client.close();
      await worker.close();
      await server.close();
      await cbr.close();
    });

    it('withdraws the directions priced through it from the exports, and keeps the others', async () => {
      const kgs = (update: { rates: DirectionRateDto[] }, stale: boolean) =>
        update.rates.some((rate) => rate.to === 'CARDKGS' && rate.stale === stale);
      await client.waitForRates((update) => kgs(update, false));
      const before = await (await fetch(`${server.url}/export/rates.txt`)).text();
      expect(before).to.match(/^BTC;CARDKGS;/m);

      cbrReply = { status: 503, body: 'Service Unavailable' };
      const withdrawn = await client.waitForRates((update) => kgs(update, true));
      expect(withdrawn.rates.filter((rate) => rate.to.endsWith('KGS') || rate.from.endsWith('KGS')).every((rate) => rate.stale)).to.equal(true);
      const after = await (await fetch(`${server.url}/export/rates.txt`)).text();
      expect(after).not.to.match(/KGS;/);
      expect(after).to.match(/^BTC;SBERRUB;/m);
      const quote = await fetch(`${server.url}/api/rates/BTC/CARDKGS`, { headers: { lang: 'en' } });
      expect(quote.status).to.equal(503);
    });
  });
});
