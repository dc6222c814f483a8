/**
 * Issue 12, the admin's half of the console in a browser: payment details an admin adds in the
 * console are what a new order shows its customer; maintenance switched on in the console shows the
 * notice on a customer's open page without a reload and refuses new orders, and switched off lifts both.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { CreateOrderResponse } from '../common/orders';
import { buildUser } from '../backend/accounts/testing';
import { announceCatalogueChange } from '../backend/catalogue/invalidation';
import { buildDirection, orderRequest, type TestDirection } from '../backend/orders/testing';
import type { TestServer } from '../backend/test/server';
import { newPage } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

const LANG = 'en';
/** A wallet of the bech32 form the coin accounts accept. */
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function createOrder(server: TestServer, direction: TestDirection): Promise<{ status: number; body: { data?: CreateOrderResponse } }> {
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: LANG },
    // Priced by the simulated feed (a coin at about 7 million roubles): a small amount, well inside the reserve.
    body: JSON.stringify(orderRequest(direction, { amountSend: '0.01' })),
  });
  return { status: response.status, body: (await response.json()) as { data?: CreateOrderResponse } };
}

/** Until the worker's next tick has priced the new direction (an order can be made on it). */
async function waitForOrderable(server: TestServer, direction: TestDirection): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const body = (await (await fetch(`${server.url}/api/rates`)).json()) as { data?: { rates?: Array<{ from: string; to: string; stale?: boolean }> } };
    const found = body.data?.rates?.find((rate) => rate.from === direction.from && rate.to === direction.to);
    if (found && !found.stale) return;
    if (Date.now() > until) throw new Error(`${direction.from} → ${direction.to} was never priced`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn(page: Page, server: TestServer, path: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.locator('form input[name="email"]').fill(account.email);
  await page.locator('form input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
}

async function switchMaintenance(admin: Page): Promise<void> {
  await admin.getByTestId('maintenance-toggle').click();
  await admin.getByTestId('maintenance-confirm').click();
}

describe('admin console end to end: payment details and maintenance', () => {
  const running = useServerWithWorker();

  it('an order made after the admin adds payment details shows them; maintenance on and off reaches an open customer page', async function () {
    this.timeout(120_000);
    const server = running();
    const direction = await buildDirection(server, { rate: '100', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
    // Written behind the catalogue's back: announced as an admin's change would be, so the worker prices it.
    await announceCatalogueChange({ sequelize: server.db.sequelize, kv: server.kv }, { test: 'consoleAdmin' });
    await waitForOrderable(server, direction);
    const account = await buildUser(server.db.sequelize, { role: 'admin' });

    // The admin adds a wallet for the asset the customer pays in.
    const { page: admin } = await newPage({ lang: LANG });
    await signIn(admin, server, '/operator/payments', account);
    await admin.getByTestId('payments-asset').fill(direction.from);
    await admin.getByTestId('payments-account').fill(WALLET);
    await admin.getByTestId('payments-add').click();
    await admin.getByTestId(`payments-asset-${direction.from}`).filter({ hasText: WALLET }).waitFor();

    // A new order: confirmed, its page shows the wallet the admin set (not the demo one).
    const created = await createOrder(server, direction);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const { page: customer } = await newPage({ lang: LANG });
    await customer.goto(`${server.url}${created.body.data!.url}`);
    await customer.getByTestId('order-confirm').click();
    expect(await customer.getByTestId('pay-account').textContent()).to.contain(WALLET);

    // Maintenance on: the open order page shows the notice without a reload; new orders are refused.
    await admin.getByTestId('console-nav-maintenance').click();
    await switchMaintenance(admin);
    await customer.getByTestId('maintenance-notice').waitFor();
    const refused = await createOrder(server, direction);
    expect(refused.status).to.equal(503);
    // The order already made goes on: its page still shows where to pay.
    expect(await customer.getByTestId('pay-account').isVisible()).to.equal(true);

    // And off again.
    await switchMaintenance(admin);
    await customer.getByTestId('maintenance-notice').waitFor({ state: 'detached' });
    expect((await createOrder(server, direction)).status).to.equal(201);
  });
});
