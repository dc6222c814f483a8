/**
 * Issue 15, the partner API's documentation at 1280 and 375 px: the signing steps, each of the four
 * examples (curl, Node.js, Python, PHP) without sideways scroll, and the methods section (the list
 * read from the OpenAPI document, or its error with a retry while the server has none); no serious or
 * critical axe violation.
 * Then the docs' Node.js example end to end: a key created on /user/api, the order_create example
 * copied from the page (key, secret and a direction of this server put in, as a reader would), run
 * with `node`, and the order it made shown in the user's history (/user/exchanges).
 * The same program then cancels the order, and its webhook reaches a local receiver, signed, and
 * shows delivered in the key's delivery log.
 * Screenshots: /tmp/shots/documentation-<language>-<lang>-<width>.png.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildUser, TestClient } from '../backend/accounts/testing';
import { buildDirection } from '../backend/orders/testing';
import { announceCatalogueChange } from '../backend/catalogue/invalidation';
import { directionKey } from '../backend/rates/engine';
import { PARTNER_API_METHODS, type PartnerOrderDto } from '../common/partnerApi';
import { describeViolations, seriousViolations } from './axe';
import { MOBILE, newPage } from './setup';
import { useServerWithWorker } from './workerServer';
import { startWebhookReceiver, type WebhookReceiver } from '../backend/partnerApi/testing/webhookReceiver';
import { shoot } from './shots';
import { text } from './texts';

describe('partner API documentation (/documentation)', () => {
  for (const LANG of ['en', 'ru'] as const) {
    it(`shows the signing steps, the methods section and every example without sideways scroll (${LANG})`, async function () {
      this.timeout(90_000);
      const { page } = await newPage({ viewport: MOBILE, lang: LANG });
      const found: string[] = [];
      const check = (what: string) => async (width: number) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await page.goto('/documentation');
      await page.getByTestId('doc-steps').waitFor({ state: 'visible' });
      expect(await page.getByTestId('doc-steps').locator('li').count()).to.equal(4);
      // The methods come from the server's OpenAPI document: every method of the contract.
      await page.getByTestId('doc-methods').waitFor({ state: 'visible' });
      const methods = (await page.getByTestId('doc-methods').textContent()) ?? '';
      for (const method of PARTNER_API_METHODS) expect(methods, method).to.contain(method);
      // In the visitor's language (the server's document for ?lang=), with each method's example answer and error meanings.
      const rate = page.getByTestId('doc-method-rate');
      expect(await rate.getByRole('heading', { level: 3 }).textContent()).to.contain(text(LANG, 'apiDocs.methods.rate.summary'));
      expect(await rate.locator('pre').textContent()).to.contain('"quoteId"');
      expect(await page.getByTestId('doc-method-order_cancel').textContent()).to.contain(text(LANG, 'apiDocs.errors.not_cancellable'));
      const tabs = page.getByRole('tablist', { name: text(LANG, 'pages.documentation.examples.tabsLabel') });
      for (const name of ['curl', 'Node.js', 'Python', 'PHP']) {
        await tabs.getByRole('tab', { name }).click();
        expect(await tabs.getByRole('tab', { name }).getAttribute('aria-selected')).to.equal('true');
        await shoot(page, `documentation-${name.replace('.', '')}-${LANG}`, check(`documentation-${name.replace('.', '')}-${LANG}`));
      }
      expect(found).to.deep.equal([]);
    });
  }

  describe('the docs\' Node.js example end to end', () => {
    // A server of its own that may call back a local address (WEBHOOKS_ALLOW_PRIVATE=1): the
    // partner's receiver runs on this machine.
    const running = useServerWithWorker({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startWebhookReceiver();
    });
    after(async () => receiver?.close());

    it('creates a key on /user/api, orders with the Node.js example copied from the page, sees the order in the history and receives its webhook', async function () {
      this.timeout(120_000);
      const server = running();
      const direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '100000000' } });
      // Made as an admin's change is: announced, so this server's worker prices the new direction at its
      // next tick (the rate it publishes replaces the test rate, which it would otherwise drop).
      await announceCatalogueChange({ sequelize: server.db.sequelize, kv: server.kv }, { test: 'documentation example direction' });
      const priced = Date.now() + 15_000;
      while (server.rates.current()?.rates.get(directionKey(direction))?.rate === direction.rate && Date.now() < priced) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.rates.current()?.rates.get(directionKey(direction))?.rate, 'the worker priced the direction').to.not.equal(direction.rate);
      const account = await buildUser(server.db.sequelize);
      const client = new TestClient(server.url, 'en');
      expect((await client.signIn(account.email, account.password)).status).to.equal(200);
      const { page } = await newPage({ lang: 'en' });
      await page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));

      await page.goto(`${server.url}/user/api`);
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-created').waitFor({ state: 'visible' });
      const apiKey = ((await page.getByTestId('api-key-created-key').locator('code').textContent()) ?? '').trim();
      const secret = ((await page.getByTestId('api-key-created-secret').locator('code').textContent()) ?? '').trim();
      receiver.trust(apiKey, secret);

      await page.goto(`${server.url}/documentation`);
      await page.getByRole('combobox', { name: text('en', 'pages.documentation.examples.methodLabel'), exact: true }).selectOption('order_create');
      await page.getByRole('tab', { name: 'Node.js' }).click();
      const shown = (await page.getByTestId('doc-example').locator('code').textContent()) ?? '';
      // What a reader changes: the key, the secret, the direction, the callback address.
      const callbackUrl = `${receiver.url}/exchanger-hook`;
      const program = shown
        .replace("'YOUR_API_KEY'", `'${apiKey}'`)
        .replace("'YOUR_SECRET'", `'${secret}'`)
        .replace(/"from":"[^"]*"/, `"from":"${direction.from}"`)
        .replace(/"to":"[^"]*"/, `"to":"${direction.to}"`)
        .replace(/"callbackUrl":"[^"]*"/, `"callbackUrl":"${callbackUrl}"`);
      expect(program).to.contain(`const BASE_URL = '${server.url}'`).and.contain("const METHOD = 'order_create'").and.contain(callbackUrl);
      const dir = await mkdtemp(join(tmpdir(), 'docs-example-'));
      try {
        const run = async (source: string) => {
          await writeFile(join(dir, 'call.js'), source);
          const { stdout } = await promisify(execFile)('node', [join(dir, 'call.js')], { timeout: 30_000 });
          return JSON.parse(stdout) as { success: boolean; data: PartnerOrderDto; error?: { code: string } };
        };
        const created = await run(program);
        expect(created.success, JSON.stringify(created)).to.equal(true);
        const uid = created.data.uid;
        await page.goto(`${server.url}/user/exchanges`);
        await page.getByTestId(`exchange-${uid}`).waitFor({ state: 'visible' });

        // The same program, method and parameters changed as the page explains: cancel the order.
        const cancelled = await run(program.replace("const METHOD = 'order_create'", "const METHOD = 'order_cancel'").replace(/JSON\.parse\('[^']*'\)/, `JSON.parse('{"uid":"${uid}"}')`));
        expect(cancelled.success, JSON.stringify(cancelled)).to.equal(true);

        // Its webhook reaches the partner's receiver, signed with the key's secret.
        const deadline = Date.now() + 30_000;
        while (!receiver.requests.some((request) => request.body.order && (request.body.order as PartnerOrderDto).uid === uid) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const hook = receiver.requests.find((request) => (request.body.order as PartnerOrderDto | undefined)?.uid === uid);
        expect(hook, 'no webhook for the order').to.not.equal(undefined);
        expect(hook!.path).to.equal('/exchanger-hook');
        expect(hook!.verified).to.equal(true);
        expect(hook!.body.event).to.equal('order.status');
        const statusOf = (dto: PartnerOrderDto) => (dto.order as { status: string }).status;
        expect(statusOf(hook!.body.order as PartnerOrderDto)).to.equal('deleted').and.equal(statusOf(cancelled.data));

        // The delivery log on /user/api shows it delivered.
        await page.goto(`${server.url}/user/api`);
        await page.getByTestId('api-key-settings').click();
        await page.getByTestId('api-key-deliveries-toggle').click();
        const row = page.getByTestId(`api-delivery-${hook!.body.eventId}`);
        await row.waitFor({ state: 'visible' });
        expect(await row.textContent()).to.contain(uid).and.contain(text('en', 'apiKeys.deliveries.status.delivered'));
        await shoot(page, 'documentation-webhook-delivered-en');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
