import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { CreateOrderResponse } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { decodeBody, rawRequest } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

/** jsdom ships no types (and the server's TypeScript has no DOM): the little of it used, typed here. */
interface ParsedNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface ParsedDocument {
  querySelector(selector: string): ParsedNode | null;
  querySelectorAll(selector: string): Iterable<ParsedNode>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: ParsedDocument } } };

const ORDER = { ru: JSON.parse(readFileSync(new URL('../../locales/ru/order.json', import.meta.url), 'utf8')), en: JSON.parse(readFileSync(new URL('../../locales/en/order.json', import.meta.url), 'utf8')) };

/** What an order page's first screen says before any JavaScript runs. */
function screenOf(html: string) {
  const { document } = new JSDOM(html).window;
  const text = (selector: string) => document.querySelector(`#root ${selector}`)?.textContent ?? null;
  return {
    title: text('.order-page__title'),
    badge: text('.order-badge'),
    badgeClass: document.querySelector('#root .order-badge')?.getAttribute('class') ?? null,
    stepTitle: text('.order-card__title'),
    stepText: text('.order-text'),
    heading: text('h1'),
    steps: [...document.querySelectorAll('#root .order-stepper__step')].map((step) => `${step.getAttribute('class')?.replace('order-stepper__step order-stepper__step--', '')}:${step.textContent}`),
    timer: text('.order-countdown__time'),
    timerValue: document.querySelector('#root .order-countdown [role="progressbar"]')?.getAttribute('aria-valuenow') ?? null,
  };
}

describe("an order page's first screen, before any JavaScript (issue 17: a phone's order page)", function () {
  this.timeout(30_000);
  let server: TestServer;
  let client: TestClient;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    client = new TestClient(server.url);
    direction = await buildDirection(server, { rate: '100.5', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
  });

  after(async () => server.close());

  async function create(): Promise<CreateOrderResponse> {
    const response = await client.post('/orders', orderRequest(direction, { amountSend: '2' }));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data as CreateOrderResponse;
  }

  const page = async (url: string, lang: 'ru' | 'en') => {
    const answer = await rawRequest(`${server.url}${url}`, { cookie: `lang=${lang}`, 'accept-encoding': 'br' });
    return { status: answer.status, cache: answer.headers['cache-control'], html: decodeBody(answer).toString('utf8') };
  };

  it('says the current step in the page’s language, with the order’s number and status, and is kept by no cache', async () => {
    const created = await create();
    for (const lang of ['en', 'ru'] as const) {
      const { status, cache, html } = await page(created.url, lang);
      expect(status).to.equal(200);
      expect(cache).to.equal('no-store');
      const screen = screenOf(html);
      expect(screen.title).to.equal(ORDER[lang].idLabel.replace('{{uid}}', created.uid));
      expect(screen.badge).to.equal(`${ORDER[lang].statusLabel}: ${ORDER[lang].status.new}`);
      expect(screen.badgeClass).to.contain('order-badge--info');
      expect(screen.stepTitle).to.equal(ORDER[lang].confirm.title);
      expect(screen.stepText).to.equal(ORDER[lang].confirm.text);
      // The stepper and the payment timer, where the page has them: the card sits where the page puts it.
      expect(screen.steps).to.deep.equal([
        `current:1${ORDER[lang].steps.confirm}`,
        `todo:2${ORDER[lang].steps.pay}`,
        `todo:3${ORDER[lang].steps.processing}`,
        `todo:4${ORDER[lang].steps.finished}`,
      ]);
      expect(screen.timer).to.match(/^(29:[0-5]\d|30:00)$/);
      expect(Number(screen.timerValue)).to.be.within(95, 100);
    }
    // The page's markup never repeats the link's secret: not in the first screen, not in the head.
    expect((await page(created.url, 'en')).html).not.to.contain(created.secret);
  });

  it('follows the order: once confirmed, the next load says the pay step (nothing kept from the first)', async () => {
    const created = await create();
    expect(screenOf((await page(created.url, 'en')).html).stepTitle).to.equal(ORDER.en.confirm.title);
    const confirmed = await client.post(`/orders/${created.uid}/${created.secret}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    const screen = screenOf((await page(created.url, 'en')).html);
    expect(screen.stepTitle).to.equal(ORDER.en.pay.title);
    expect(screen.stepText).to.equal(ORDER.en.pay.text);
    expect(screen.steps.slice(0, 2)).to.deep.equal([`done:1${ORDER.en.steps.confirm}`, `current:2${ORDER.en.steps.pay}`]);
  });

  it('says nothing of an order to a wrong secret or an unknown number: the plain heading, the same for both', async () => {
    const created = await create();
    const wrong = await page(`/order/${created.uid}/${'A'.repeat(43)}`, 'en');
    const unknown = await page(`/order/ZZZZZZZZZZ/${created.secret}`, 'en');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).to.equal(200);
      const screen = screenOf(answer.html);
      expect(screen.title).to.equal(null);
      expect(screen.stepText).to.equal(null);
      expect(answer.html.split('<div id="root">')[1]).not.to.contain(created.uid);
    }
    expect(screenOf(wrong.html).heading).to.equal(screenOf(unknown.html).heading);
  });
});
