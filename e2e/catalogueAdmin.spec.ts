/**
 * Issue 12: an admin raises a direction's markup in the console and a customer's widget, open in
 * another browser context, shows the new rate without a reload (worker tick → rates:update).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { buildUser } from '../backend/accounts/testing';
import { newPage } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

const LANG = 'en';

/**
 * The rate line's left amount over its right one ("8 114 795.03 RUB = 1 BTC" → 8114795.03): the
 * line reads either way round, so the quotient of its two sides is the figure that moves.
 */
function lineRate(line: string): number {
  const [left, right] = line.split('=').map((side) => Number(side.replace(/[^\d.]/g, '')));
  return left && right ? left / right : 0;
}

async function rateOf(page: Page): Promise<number> {
  return lineRate((await page.getByTestId('exchange-rate').first().textContent()) ?? '');
}

describe('admin catalogue end to end', () => {
  const running = useServerWithWorker();

  it('an admin raises a markup and the open widget shows the new rate without a reload', async function () {
    const server = running();
    const admin = await buildUser(server.db.sequelize, { role: 'admin' });
    const { page: customer } = await newPage({ lang: LANG });
    await customer.goto(`${server.url}/?from=SBERRUB&to=BTC`);
    await customer.getByTestId('exchange-rate').first().waitFor({ state: 'visible' });
    const before = await rateOf(customer);
    expect(before).to.be.greaterThan(0);
    await customer.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const { page: console } = await newPage({ lang: LANG });
    await console.goto(`${server.url}/operator/directions`);
    await console.locator('form input[name="email"]').fill(admin.email);
    await console.locator('form input[name="password"]').fill(admin.password);
    await console.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
    await console.getByTestId('directions-search').fill('SBERRUB BTC');
    const row = console.getByTestId('direction-SBERRUB-BTC');
    await row.getByRole('button', { name: 'Edit' }).click();
    const markup = console.getByRole('textbox', { name: 'Markup, %' });
    await markup.fill('40');
    await console.getByTestId('direction-save').click();
    await console.getByTestId('direction-form').waitFor({ state: 'detached' });

    // The rate moves by about 40 % (whichever way the line reads): the simulated prices move far less.
    await customer.waitForFunction(
      (was) => {
        const line = document.querySelector('[data-testid="exchange-rate"]')?.textContent ?? '';
        const [left, right] = line.split('=').map((side) => Number(side.replace(/[^\d.]/g, '')));
        const now = left && right ? left / right : 0;
        return now > 0 && Math.abs(now / was - 1) > 0.25;
      },
      before,
      { timeout: 15_000 },
    );
    expect(await customer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).to.equal(true);
  });
});
