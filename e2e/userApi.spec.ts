/**
 * Issue 15, `/user/api` at 1280 and 375 px against the real server: a signed-in user creates a key,
 * sees its secret once (the list never has it), edits its IP allow-list and opens the delivery log,
 * without sideways scroll or a serious axe violation; the key then signs a real `ping`.
 * Screenshots: /tmp/shots/user-api-<step>-<lang>-<width>.png.
 */
import { expect } from 'chai';
import { buildUser, TestClient } from '../backend/accounts/testing';
import type { ApiKeyDto } from '../common/partnerApi';
import { nextTime, signedCall } from '../backend/partnerApi/testing';
import { describeViolations, seriousViolations } from './axe';
import { MOBILE, newPage, testServer } from './setup';
import { shoot } from './shots';
import { text } from './texts';

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
      await page.goto('/user/api');
      await page.getByTestId('api-keys-empty').waitFor({ state: 'visible' });
      // The account's sections scroll sideways here: the current one (the last) is brought into view.
      const current = page.locator('.user-area__nav [aria-current="page"]');
      const [nav, tab] = [await page.locator('.user-area__nav ul').boundingBox(), await current.boundingBox()];
      expect(tab!.x >= nav!.x && tab!.x + tab!.width <= nav!.x + nav!.width + 1, `tab ${JSON.stringify(tab)} in ${JSON.stringify(nav)}`).to.equal(true);
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-created').waitFor({ state: 'visible' });
      await page.getByTestId('api-keys').waitFor({ state: 'visible' });
      await shoot(page, `user-api-created-${LANG}`, check(`user-api-created-${LANG}`));

      const apiKey = ((await page.getByTestId('api-key-created-key').locator('code').textContent()) ?? '').trim();
      const secret = ((await page.getByTestId('api-key-created-secret').locator('code').textContent()) ?? '').trim();
      await page.getByRole('button', { name: text(LANG, 'apiKeys.created.dismiss') }).click();
      expect(await page.getByText(secret).count()).to.equal(0);
      const listed = (await client.get('/user/api-keys')).body.data as ApiKeyDto[];
      expect(listed.map((key) => key.apiKey)).to.deep.equal([apiKey]);
      expect(JSON.stringify(listed)).not.to.contain(secret);

      await page.getByTestId('api-key-settings').click();
      await page.getByTestId('api-key-deliveries-toggle').click();
      await page.getByTestId('api-deliveries-empty').waitFor({ state: 'visible' });
      await shoot(page, `user-api-settings-${LANG}`, check(`user-api-settings-${LANG}`));

      // The key shown once signs a call.
      const pong = await signedCall(server, { apiKey, secret }, 'ping', { time: nextTime() });
      expect(pong.status, JSON.stringify(pong.body)).to.equal(200);
      expect(found).to.deep.equal([]);
    });
  }
});
