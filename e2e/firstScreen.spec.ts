import { expect } from 'chai';
import { PageProbe } from './probe';
import type { Page } from 'playwright-core';
import type { CreateOrderResponse } from '../common/orders';
import { buildDirection, orderRequest } from '../backend/orders/testing';
import { baseUrl, DESKTOP, MOBILE, newPage, testServer } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

/** A rate line as the widget writes it: "852.25 G0001 = 1 G0002", digits grouped with no-break spaces. */
const RATE_LINE = /^\d[\d\u00a0]*(\.\d+)?\u00a0\S+ = \d[\d\u00a0]*(\.\d+)?\u00a0\S+$/;

describe("the home page's first screen, before any JavaScript (issue 17)", () => {
  const running = useServerWithWorker();
  let origin = '';
  before(async () => {
    origin = running().url;
    // The worker's first rates: until then the frame is drawn without a rate.
    while ((await fetch(`${origin}/api/rates/BTC/SBERRUB`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  for (const [viewport, lang] of [
    [MOBILE, 'ru'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`shows the exchange widget's frame with a live rate at ${viewport.width} px in ${lang}, styled and within the width`, async () => {
      const { page } = await newPage({ viewport, lang, javaScript: false });
      await page.goto(`${origin}/`);
      const line = page.getByTestId('exchange-rate-preview');
      await line.waitFor({ state: 'visible' });
      expect(await line.textContent()).to.match(RATE_LINE);
      const widget = page.locator('.exchange-widget');
      expect(await widget.locator('h2').textContent()).to.equal(text(lang, 'exchange.title'));
      // The entry stylesheet draws it (frame.css): a rounded card, not bare text.
      expect(await widget.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).to.not.equal('0px');
      const box = (await widget.boundingBox())!;
      expect(box.x).to.be.at.least(0);
      expect(box.x + box.width).to.be.at.most(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(viewport.width);
      // Above the fold on a phone too: the rate is what the visitor came for.
      expect((await line.boundingBox())!.y).to.be.below(viewport.height);
    });
  }

  it('hands over to the live widget: the prerendered line goes, the widget shows its own rate', async () => {
    const { page } = await newPage({ viewport: MOBILE, lang: 'en' });
    const probe = new PageProbe(origin);
    probe.attach(page);
    await page.goto(`${origin}/`);
    await page.getByTestId('exchange-widget').getByTestId('exchange-rate').waitFor({ state: 'visible' });
    expect(await page.getByTestId('exchange-rate-preview').count()).to.equal(0);
    expect(await page.getByTestId('exchange-rate').textContent()).to.match(RATE_LINE);
    probe.expectNoProblems();
  });
});

describe("an order page's first screen, before any JavaScript (issue 17)", () => {
  let url = '';
  before(async () => {
    const server = testServer();
    const direction = await buildDirection(server, { rate: '100.5', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
    const answer = await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify(orderRequest(direction, { amountSend: '2' })),
    });
    url = ((await answer.json()) as { data: CreateOrderResponse }).data.url;
  });

  /** Where the first lines sit: the title, the stepper, the timer, the step's card and its paragraph. */
  const layoutOf = (page: Page) =>
    Promise.all(
      ['.order-page__title', '.order-stepper', '.order-countdown', '.order-card__title', '.order-text'].map(async (selector) => {
        const box = await page.locator(selector).first().boundingBox();
        return { selector, box: box && { x: box.x, y: box.y, width: box.width, height: box.height } };
      }),
    );

  for (const [viewport, lang] of [
    [MOBILE, 'ru'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`says the current step at ${viewport.width} px in ${lang}, and the page then draws over it without moving it`, async () => {
      const { page: bare } = await newPage({ viewport, lang, javaScript: false });
      await bare.goto(`${baseUrl()}${url}`);
      expect(await bare.locator('.order-card__title').textContent()).to.equal(text(lang, 'order.confirm.title'));
      expect(await bare.locator('.order-text').textContent()).to.equal(text(lang, 'order.confirm.text'));
      expect(await bare.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(viewport.width);
      const before = await layoutOf(bare);
      expect(before.every((item) => item.box !== null)).to.equal(true);

      const { page, probe } = await newPage({ viewport, lang });
      await page.goto(`${baseUrl()}${url}`);
      await page.getByTestId('order-confirm').waitFor({ state: 'visible' });
      expect(await page.locator('.app--prerendered').count()).to.equal(0);
      expect(await layoutOf(page)).to.deep.equal(before);
      probe.expectNoProblems();
    });
  }
});
