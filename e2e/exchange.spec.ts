/**
 * The exchange widget, the landing pages and the reserves page in Chromium against a real
 * server with its rate worker: the seeded catalogue, the simulated feed (a tick every few
 * seconds) and the Socket.IO pushes. The shared e2e server runs no worker, so this spec starts
 * its own (embedded defaults) and its pages go there, each watched by a probe of that origin.
 */
import { expect } from 'chai';
import type { Page, WebSocket } from 'playwright-core';
import type { RatesChange } from '../backend/rates/engine';
import { RATES_CHANNEL } from '../backend/rates/store';
import type { TestServer } from '../backend/test/server';
import type { Lang } from '../common/api';
import { receiveForSend, sendForReceive } from '../common/rateMath';
import { expectLocation } from './expectations';
import { MOBILE, newPage, PageProbe } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';


let server: TestServer;

/** A fresh page on this spec's server, watched by a probe of its origin. */
async function open(
  url: string,
  options: { lang?: Lang; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; probe: PageProbe; events: ReturnType<typeof watchSocketEvents> }> {
  const { page } = await newPage({ lang: options.lang ?? 'en', viewport: options.viewport });
  const probe = new PageProbe(new URL(server.url).origin);
  probe.attach(page);
  const events = watchSocketEvents(page);
  await page.goto(server.url + url);
  return { page, probe, events };
}

const NBSP = '\u00a0';

/** The widget's amount fields, the rate line and the selectors. */
function widget(page: Page) {
  const root = page.getByTestId('exchange-widget');
  return {
    root,
    send: root.locator('input[name="amountSend"]'),
    receive: root.locator('input[name="amountReceive"]'),
    rate: root.getByTestId('exchange-rate'),
    sendSelector: root.getByRole('button', { name: /^You send/ }),
    receiveSelector: root.getByRole('button', { name: /^You receive/ }),
    swap: root.getByRole('button', { name: text('en', 'exchange.swap') }),
  };
}

/**
 * The rate line ("1 BTC = 7 053 614.57 RUB"), its exact rate (the line's title, what the amounts are
 * computed at) and both amounts, read in one go so no tick falls between.
 */
async function readQuote(page: Page): Promise<{ out: string; send: string; receive: string; line: string }> {
  const read = await page.getByTestId('exchange-widget').evaluate((root) => ({
    line: root.querySelector('[data-testid="exchange-rate"]')?.getAttribute('title') ?? '',
    send: (root.querySelector('input[name="amountSend"]') as HTMLInputElement).value,
    receive: (root.querySelector('input[name="amountReceive"]') as HTMLInputElement).value,
  }));
  const [, right = ''] = read.line.split(' = ');
  return { ...read, out: right.split(NBSP).slice(0, -1).join('') };
}

/** Opens `url` and waits until the widget shows a live rate. */
async function openWidget(url: string, options: Parameters<typeof open>[1] = {}) {
  const opened = await open(url, options);
  const parts = widget(opened.page);
  await parts.rate.waitFor({ state: 'visible' });
  return { ...opened, parts };
}

/**
 * Watches the Socket.IO events the page receives (call before the page opens its socket);
 * `next(name)` resolves with the payload of the next such event from then on.
 */
function watchSocketEvents(page: Page): { next(name: string): Promise<unknown> } {
  const waiting: { name: string; resolve: (payload: unknown) => void }[] = [];
  page.on('websocket', (socket: WebSocket) => {
    socket.on('framereceived', ({ payload }) => {
      const frame = String(payload);
      // An Engine.IO message (4) carrying a Socket.IO event (2) of the main namespace: 42["name",data].
      if (!frame.startsWith('42[')) return;
      const [name, data] = JSON.parse(frame.slice(2)) as [string, unknown];
      for (const waiter of waiting.filter((entry) => entry.name === name)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(data);
      }
    });
  });
  return { next: (name) => new Promise((resolve) => waiting.push({ name, resolve })) };
}

describe('exchange screens on a server with its rate worker', () => {
  const running = useServerWithWorker();
  before(() => {
    server = running();
  });

  describe('exchange widget', () => {
    it('picks assets in the modal with the mouse, the search and the keyboard', async () => {
      const { page, probe, parts } = await openWidget('/');
      await parts.sendSelector.click();
      const dialog = page.getByRole('dialog', { name: text('en', 'exchange.modal.titleSend') });
      await dialog.getByRole('combobox').fill('ethereum');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await parts.sendSelector.getAttribute('data-code')).to.equal('ETH');
      expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).to.equal(false);

      await parts.receiveSelector.click();
      const receiveDialog = page.getByRole('dialog', { name: text('en', 'exchange.modal.titleReceive') });
      await receiveDialog.getByRole('tab', { name: new RegExp(`^${text('en', 'exchange.modal.tabs.fiat')}`) }).click();
      await receiveDialog.getByRole('option', { name: /T-Bank/ }).click();
      expect(await parts.receiveSelector.getAttribute('data-code')).to.equal('TCSBRUB');
      await expectLocation(page, '/?from=ETH&to=TCSBRUB');
      probe.expectNoProblems();
    });

    it('recomputes the other side as an amount is typed on either side, rounding as the server does', async () => {
      const { page, probe, parts } = await openWidget('/?from=BTC&to=SBERRUB');
      await parts.send.fill('0.0123');
      let quote = await readQuote(page);
      expect(quote.receive).to.equal(receiveForSend('0.0123', quote.out, 2));
      await parts.receive.fill('100000');
      quote = await readQuote(page);
      expect(quote.send).to.equal(sendForReceive('100000', quote.out, 8));
      probe.expectNoProblems();
    });

    it('shows a new rate pushed over Socket.IO and recomputes the amount with it', async () => {
      const { page, probe, parts, events } = await openWidget('/?from=BTC&to=SBERRUB');
      await parts.send.fill('0.05');
      const before = await readQuote(page);
      // The page watches its pair: it receives that pair's frames only, each with the changed fields.
      expect(await events.next('rates:pair')).to.have.property('k', 'BTC>SBERRUB');
      await page.waitForFunction(
        (line) => document.querySelector('[data-testid="exchange-rate"]')?.getAttribute('title') !== line,
        before.line,
      );
      const after = await readQuote(page);
      expect(after.out).to.not.equal(before.out);
      expect(after.send).to.equal('0.05');
      expect(after.receive).to.equal(receiveForSend('0.05', after.out, 2));
      probe.expectNoProblems();
    });

    it('shows the minimum of the direction for a smaller amount', async () => {
      const { page, probe, parts } = await openWidget('/?from=BTC&to=SBERRUB');
      await parts.send.fill('0.00001');
      const message = parts.root.getByRole('alert');
      expect(await message.textContent()).to.match(new RegExp(`^The value must not be below the minimum: [0-9.]+${NBSP}BTC$`));
      expect(await page.getByTestId('exchange-continue').isDisabled()).to.equal(true);
      probe.expectNoProblems();
    });

    it('swaps the assets, the typed amount staying with its asset', async () => {
      const { page, probe, parts } = await openWidget('/?from=BTC&to=SBERRUB');
      await parts.send.fill('0.01');
      await parts.swap.click();
      await expectLocation(page, '/?from=SBERRUB&to=BTC');
      expect(await parts.receive.inputValue()).to.equal('0.01');
      expect(await parts.send.inputValue()).to.match(/^\d+(\.\d{1,2})?$/);
      probe.expectNoProblems();
    });

    it('shows the pair of a new preset opened in a tab already on the home page', async () => {
      const { page, probe, parts } = await openWidget('/?from=BTC&to=SBERRUB');
      // The same tab keeps its sessionStorage: the stored pair differs from each new address.
      const presets = [
        ['ETH', 'TCSBRUB'],
        ['USDTTRC20', 'SBERRUB'],
        ['BTC', 'CARDKGS'],
        ['ETH', 'SBERRUB'],
        ['BTC', 'TCSBRUB'],
      ] as const;
      for (const [from, to] of presets) {
        await page.goto(`${server.url}/?from=${from}&to=${to}`);
        await parts.rate.waitFor({ state: 'visible' });
        await expectLocation(page, `/?from=${from}&to=${to}`);
        expect(await parts.sendSelector.getAttribute('data-code')).to.equal(from);
        expect(await parts.receiveSelector.getAttribute('data-code')).to.equal(to);
      }
      // An in-app navigation to another preset converges the same way.
      await page.evaluate(() => {
        history.pushState(null, '', '/?from=ETH&to=TCSBRUB');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expectLocation(page, '/?from=ETH&to=TCSBRUB');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="exchange-widget"] button[data-code="ETH"]') !== null,
      );
      expect(await parts.receiveSelector.getAttribute('data-code')).to.equal('TCSBRUB');
      probe.expectNoProblems();
    });

    it('disables the swap of a direction available in one way only and says so', async () => {
      const { page, probe, parts } = await openWidget('/?from=BTC&to=CARDKGS');
      expect(await parts.swap.isDisabled()).to.equal(true);
      expect(await page.getByTestId('one-way-hint').textContent()).to.equal(text('en', 'exchange.oneWay'));
      probe.expectNoProblems();
    });

    it('keeps the choice and shows the order details step on continue', async () => {
      const { page, probe, parts } = await openWidget('/?from=USDTTRC20&to=SBERRUB');
      await parts.send.fill('100');
      await page.getByTestId('exchange-continue').click();
      await page.getByRole('heading', { name: text('en', 'exchange.details.title') }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: text('en', 'exchange.details.title') }).waitFor();
      expect(await page.getByTestId('order-summary').textContent()).to.contain(`100${NBSP}USDT`);
      probe.expectNoProblems();
    });

    for (const url of ['/', '/crypto-to-rub', '/exchange/BTC/SBERRUB']) {
      it(`fits ${url} on a 375 px screen without sideways scrolling`, async () => {
        const { page, probe } = await openWidget(url, { viewport: MOBILE });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).to.equal(0);
        probe.expectNoProblems();
      });
    }
  });

  describe('per-pair landing pages', () => {
    it('presets the widget on /exchange/:from/:to and titles the page with the pair', async () => {
      const { page, probe, parts } = await openWidget('/exchange/ETH/TCSBRUB');
      expect(await parts.sendSelector.getAttribute('data-code')).to.equal('ETH');
      expect(await parts.receiveSelector.getAttribute('data-code')).to.equal('TCSBRUB');
      const title = `${text('en', 'seo.pair.title', { fromName: 'Ethereum', toName: 'T-Bank' })} — ${text('en', 'common.brand')}`;
      expect(await page.title()).to.equal(title);
      // The server's own head (what a crawler reads) says the same: the SPA does not retitle it.
      const served = await (await fetch(page.url(), { headers: { cookie: 'lang=en' } })).text();
      expect(/<title>([^<]*)<\/title>/.exec(served)?.[1]).to.equal(title);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).to.contain('Ethereum (ETH)');
      probe.expectNoProblems();
    });

    it('shows the 404 page for an unknown code', async () => {
      const { page, probe } = await open('/exchange/BTC/NOSUCHCOIN');
      expect(await page.getByTestId('not-found-message').textContent()).to.equal('Page not found: /exchange/BTC/NOSUCHCOIN');
      // The server answers a pair the catalogue does not offer with HTTP 404 too (backend/seo).
      probe.expectNoProblems(['GET /exchange/BTC/NOSUCHCOIN → 404']);
    });

    for (const [route, to] of [
      ['/crypto-to-rub', 'SBERRUB'],
      ['/crypto-to-kgs', 'CARDKGS'],
    ] as const) {
      it(`presets ${route} to a payout in ${to}`, async () => {
        const { probe, parts } = await openWidget(route);
        expect(await parts.receiveSelector.getAttribute('data-code')).to.equal(to);
        probe.expectNoProblems();
      });
    }
  });

  describe('reserves page', () => {
    it('lists every reserve by type and shows a new one as soon as it is published', async () => {
      const { page, probe, events } = await open('/reserves');
      const sber = page.getByTestId('reserve-SBERRUB');
      await sber.waitFor();
      expect(await page.locator('.reserves__group-title').allTextContents()).to.deep.equal([
        `${text('en', 'exchange.reserves.groups.coin')}24`,
        `${text('en', 'exchange.reserves.groups.fiat')}11`,
        `${text('en', 'exchange.reserves.groups.cash')}7`,
      ]);
      // Right after a change of the worker, the next version is the spec's: it reaches the page
      // through the server's rates store and Socket.IO, as the worker's own changes do.
      const workerChange = await new Promise<RatesChange>((resolve) => {
        void server.kv.subscribe(RATES_CHANNEL, (message) => resolve(JSON.parse(message) as RatesChange));
      });
      const change: RatesChange = {
        version: workerChange.version + 1,
        generatedAt: new Date().toISOString(),
        staleAt: workerChange.staleAt,
        rates: [],
        removed: [],
        reserves: [{ code: 'SBERRUB', amount: '18499000.5' }],
        removedReserves: [],
      };
      const pushed = events.next('reserves:update');
      await server.kv.publish(RATES_CHANNEL, JSON.stringify(change));
      expect(await pushed).to.deep.include({ version: change.version, reserves: change.reserves });
      await page.waitForFunction(
        (expected) => document.querySelector('[data-testid="reserve-SBERRUB"]')?.textContent === expected,
        `18${NBSP}499${NBSP}000.5RUB`,
      );
      probe.expectNoProblems();
    });

    it('finds a reserve by its network', async () => {
      const { page, probe } = await open('/reserves');
      await page.getByTestId('reserve-SBERRUB').waitFor();
      await page.getByRole('searchbox', { name: text('en', 'exchange.reserves.search') }).fill('bep20');
      const codes = await page.locator('.reserve-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-code')));
      expect(codes).to.deep.equal(['USDTBEP20', 'BNBBEP20']);
      probe.expectNoProblems();
    });
  });
});
