import { expect } from 'chai';
import { createRequire } from 'node:module';
import { PRERENDERED_RATE_ID, type AssetDirectionsDto, type CatalogueAssetsDto, type DirectionRateDto, type PrerenderedRateDto } from '../../common/catalogue';
import type { DirectionQuoteDto, RatesDto } from '../../common/events';
import { formatRate } from '../../common/money';
import { signedInAs } from '../console/testing';
import type { RateProvider } from '../rates/providers/types';
import { fixedMarket, fixedMarketAt } from '../rates/testing/fixedMarket';
import { connectRatesClient, startTestWorker } from '../rates/testing/live';
import { startTestServer, type TestServer } from '../test/server';

/** jsdom ships no types (and the server's TypeScript has no DOM): the little of it used, typed here. */
interface ParsedNode {
  textContent: string | null;
}
interface ParsedDocument {
  querySelector(selector: string): ParsedNode | null;
  querySelectorAll(selector: string): { length: number };
  getElementById(id: string): ParsedNode | null;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: ParsedDocument } } };


/** BTC at another price than fixedMarket's, so the rates move. */
const risenMarket = fixedMarketAt('150.5', '151');

/** What the home page's first screen shows of the exchange widget before any JavaScript runs. */
function widgetOf(html: string) {
  const { document } = new JSDOM(html).window;
  const json = document.getElementById(PRERENDERED_RATE_ID)?.textContent;
  return {
    frame: document.querySelector('#root .exchange-widget') !== null,
    title: document.querySelector('#root .exchange-widget__title')?.textContent ?? null,
    rate: document.querySelector('#root [data-testid="exchange-rate-preview"]')?.textContent ?? null,
    labels: document.querySelector('#root .exchange-facts dt')?.textContent ?? null,
    data: json ? (JSON.parse(json) as PrerenderedRateDto) : null,
    skeletonLines: document.querySelectorAll('#root .skeleton--line').length,
  };
}

/** The widget's own line for a rate ("1 BTC = 9 876.12 RUB": common/money.ts formatRate, which the widget asks too). */
function line(rate: DirectionRateDto): string {
  return formatRate(rate, 'BTC', 'RUB');
}

describe("the home page's prerendered rate (issue 17: the rate before any JavaScript)", function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => (await fetch(`${server.url}${path}`, { headers })).text();
  const quote = async () => ((await (await fetch(`${server.url}/api/rates/BTC/SBERRUB`)).json()) as { data: DirectionQuoteDto }).data.rate;

  /** Runs a worker on `provider` until the store has its rates, then stops it (its snapshot holds for minutes). */
  async function priceWith(provider: RateProvider, until: (rate: DirectionRateDto) => boolean): Promise<DirectionRateDto> {
    const client = await connectRatesClient(server.url);
    const worker = await startTestWorker(server, { sources: [{ provider, everyMs: 0, maxAgeMs: 60_000 }] });
    try {
      for (;;) {
        const answer = await fetch(`${server.url}/api/rates/BTC/SBERRUB`);
        if (answer.status === 200) {
          const rate = ((await answer.json()) as { data: DirectionQuoteDto }).data.rate;
          if (until(rate)) return rate;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      client.close();
      await worker.close();
    }
  }

  it('draws the widget frame without a rate while none is on offer', async () => {
    const widget = widgetOf(await page('/'));
    expect(widget).to.include({ frame: true, rate: null, data: null, skeletonLines: 1 });
  });

  it("shows the default pair's live rate and reserve in the page's language, and hands the same rate to the widget as JSON", async () => {
    const rate = await priceWith(fixedMarket, () => true);
    const russian = widgetOf(await page('/'));
    expect(russian.rate).to.equal(line(rate));
    expect(russian.skeletonLines).to.equal(0);
    expect(russian.title).to.equal('Обмен');
    expect(russian.data).to.deep.equal({ from: 'BTC', to: 'SBERRUB', fromCurrency: 'BTC', toCurrency: 'RUB', in: rate.in, out: rate.out, reserve: rate.reserve });
    const english = widgetOf(await page('/', { cookie: 'lang=en' }));
    expect([english.title, english.labels, english.rate]).to.deep.equal(['Exchange', 'Rate', line(rate)]);
  });

  it('shows the new rate once the rates move (the kept page is per rates version)', async () => {
    const before = await quote();
    const shownBefore = widgetOf(await page('/')).rate;
    expect(shownBefore).to.equal(line(before));
    const risen = await priceWith(risenMarket, (rate) => rate.out !== before.out);
    const after = widgetOf(await page('/'));
    expect(after.rate).to.equal(line(risen)).and.not.equal(shownBefore);
    expect(after.data?.out).to.equal(risen.out);
  });

  it('leaves the rate out when the address asks for a pair, and off every other page', async () => {
    for (const path of ['/?from=ETH&to=USDT', '/?to=USDT']) {
      const widget = widgetOf(await page(path));
      expect(widget, path).to.include({ frame: true, rate: null, data: null, skeletonLines: 1 });
    }
    expect(widgetOf(await page('/')).rate).to.not.equal(null);
    for (const path of ['/reserves', '/faq', '/exchange/BTC/SBERRUB']) expect(widgetOf(await page(path)), path).to.include({ frame: false, rate: null, data: null });
  });

  it("shows the first pair a visit's widget picks when the default pair is not in the catalogue: the first sender's first offered direction", async () => {
    const admin = await signedInAs(server, 'admin');
    const data = async <T,>(path: string) => ((await (await fetch(`${server.url}/api${path}`)).json()) as { data: T }).data;
    expect((await admin.request('PATCH', '/admin/assets/BTC', { enabled: false })).status).to.equal(200);
    try {
      const client = await connectRatesClient(server.url);
      // The simulated feed (the default source): it prices every demo currency.
      const worker = await startTestWorker(server);
      try {
        while ((await fetch(`${server.url}/api/rates/BTC/SBERRUB`)).status !== 404) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        client.close();
        await worker.close();
      }
      // What the browser's widget is given: the asset list, the first sender's directions and their rates.
      const assets = await data<CatalogueAssetsDto>('/catalogue/assets');
      expect(assets.assets.map((asset) => asset.code)).to.not.include('BTC');
      const focus = assets.senders[0];
      const { directions } = await data<AssetDirectionsDto>(`/catalogue/assets/${focus}/directions`);
      const { rates } = await data<RatesDto>(`/rates?asset=${focus}`);
      const offered = directions.find((direction) => rates.some((rate) => rate.from === direction.from && rate.to === direction.to && !rate.stale))!;
      const rate = rates.find((candidate) => candidate.from === offered.from && candidate.to === offered.to)!;
      const widget = widgetOf(await page('/'));
      expect(widget.data).to.include({ from: offered.from, to: offered.to, in: rate.in, out: rate.out, reserve: rate.reserve });
    } finally {
      expect((await admin.request('PATCH', '/admin/assets/BTC', { enabled: true })).status).to.equal(200);
    }
  });
});
