/**
 * Issue 15, `/user/api` at 1280 and 375 px: a signed-in user (real server, real session) sees a
 * just-created key with its secret and the keys table with long keys, settings and the delivery log
 * opened, without sideways scroll or a serious axe violation. Until the partner API's backend lands, `/api/user/api-keys*`
 * answers come from the browser's request routing (the same envelope as the server's).
 * Screenshots: /tmp/shots/user-api-<step>-<lang>-<width>.png.
 */
import { expect } from 'chai';
import { buildUser, TestClient } from '../backend/accounts/testing';
import type { ApiKeyDto } from '../common/partnerApi';
import { describeViolations, seriousViolations } from './axe';
import { MOBILE, newPage, testServer } from './setup';
import { shoot } from './shots';
import { text } from './texts';

const KEY = 'pk_live_7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e2b4d6f8a0c2e4f6a';
const SECRET = 'sk_9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d';
const DTO: ApiKeyDto = {
  apiKey: KEY,
  createdAt: '2026-11-24T10:00:00.000Z',
  enabled: true,
  allowWithdrawals: false,
  ipAllowList: ['203.0.113.7', '2001:db8:85a3::/48'],
  callbackUrl: 'https://partner.example/webhooks/exchanger/order-status',
  lastUsedAt: '2026-11-24T11:00:00.000Z',
};
const DELIVERY = {
  eventId: 'evt-0f4c2a91-5b7e-4d3a-9c1f-8e2b6a4d0c7e',
  event: 'order.status',
  orderUid: 'A1B2C3D4E5',
  status: 'failed',
  attempts: 3,
  lastStatus: 502,
  lastError: 'connect ECONNREFUSED partner.example:443 after 10000 ms',
  nextAttemptAt: '2026-11-24T12:00:00.000Z',
  createdAt: '2026-11-24T11:00:00.000Z',
  deliveredAt: null,
};

describe('API keys (/user/api) at 375 px', () => {
  for (const LANG of ['en', 'ru'] as const) {
    it(`shows a created key's secret once and the key table with its settings without sideways scroll (${LANG})`, async function () {
      this.timeout(90_000);
      const server = testServer();
      const account = await buildUser(server.db.sequelize);
      const client = new TestClient(server.url, LANG);
      expect((await client.signIn(account.email, account.password)).status).to.equal(200);
      const { page } = await newPage({ viewport: MOBILE, lang: LANG });
      const found: string[] = [];
      const check = (what: string) => async (width: number) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
      let keys: ApiKeyDto[] = [];
      await page.route('**/api/user/api-keys**', async (route) => {
        const request = route.request();
        const json = (status: number, data: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: true, data }) });
        if (request.url().endsWith('/deliveries')) return json(200, { items: [DELIVERY], nextCursor: null });
        if (request.method() === 'POST') {
          keys = [DTO];
          return json(201, { apiKey: KEY, secret: SECRET, key: DTO });
        }
        return json(200, keys);
      });

      await page.goto('/user/api');
      await page.getByTestId('api-keys-empty').waitFor({ state: 'visible' });
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-created').waitFor({ state: 'visible' });
      await page.getByTestId('api-keys').waitFor({ state: 'visible' });
      await shoot(page, `user-api-created-${LANG}`, check(`user-api-created-${LANG}`));

      await page.getByRole('button', { name: text(LANG, 'apiKeys.created.dismiss') }).click();
      expect(await page.getByText(SECRET).count()).to.equal(0);
      await page.getByTestId('api-key-settings').click();
      await page.getByTestId('api-key-deliveries-toggle').click();
      await page.getByTestId(`api-delivery-${DELIVERY.eventId}`).waitFor({ state: 'visible' });
      await shoot(page, `user-api-settings-${LANG}`, check(`user-api-settings-${LANG}`));
      expect(found).to.deep.equal([]);
    });
  }
});
