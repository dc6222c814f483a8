/**
 * Issue 14's whole path in Chromium: a partner shares the link of /user/partner; a visitor arrives
 * with `?r=`, registers and exchanges; the operator completes the order; the partner's page (open
 * all along) shows the referral and the reward without a reload; the partner withdraws on
 * /user-actions/withdraw (both amounts shown before confirming) and an operator pays the request in
 * the console, which the partner's page follows live. The ledger is checked at the end.
 */
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { Big } from '../common/money';
import { DEFAULT_REFERRAL_TIERS, REWARD_DECIMALS } from '../common/referral';
import { LANG_COOKIE } from '../common/api';
import { buildUser, TestClient } from '../backend/accounts/testing';
import { checkLedgerInvariants } from '../backend/ledger/testing';
import { partnerBalances } from '../backend/ledger/referral';
import type { TestServer } from '../backend/test/server';
import { mailLink } from './mail';
import { newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';
import { CARD_TO_COIN, createOrderInWidget } from './widgetOrder';
import { useServerWithWorker } from './workerServer';

const LANG = 'en';
const PASSWORD = 'Str0ng!Pass-1';
const PAYOUT_ASSET = 'USDTTRC20';
const WALLET = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/**
 * A new browser context in LANG, from its own client address: the server trusts the proxy header in
 * this spec, since every browser here really is 127.0.0.1 and a referral from the partner's own
 * address earns nothing (same_ip).
 */
async function contextOn(s: TestServer, address: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page } = await newPage({ lang: LANG });
  const context = page.context();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await context.addCookies([{ name: LANG_COOKIE, value: LANG, url: s.url, sameSite: 'Lax' }]);
  return { page, context };
}

/** Signs `page` in through the login form. */
async function signIn(page: Page, s: TestServer, email: string, password: string): Promise<void> {
  await page.goto(`${s.url}/login`);
  await page.locator('form input[name="email"]').fill(email);
  await page.locator('form input[name="password"]').fill(password);
  await page.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The decimal an element shows (`12.5 USDT` → `12.5`). */
async function amountIn(page: Page, testId: string): Promise<string> {
  const shown = ((await page.getByTestId(testId).textContent()) ?? '').replace(/[\s\u00a0\u202f,]/g, '');
  return /\d+(\.\d+)?/.exec(shown)?.[0] ?? '';
}

describe('the referral programme end to end (issue 14)', function () {
  this.timeout(300_000);
  const running = useServerWithWorker({ TRUST_PROXY: '1' });

  it('binds a visitor who came by the link, rewards the partner for the done order live, and pays the withdrawal', async () => {
    const s = running();
    const admin = await buildUser(s.db.sequelize, { role: 'admin' });
    const staff = new TestClient(s.url, LANG);
    expect((await staff.signIn(admin.email, admin.password)).status).to.equal(200);
    // A small minimum payout: the demo order is the widget's smallest.
    const settings = await staff.request('PUT', '/admin/referral/settings', { tiers: DEFAULT_REFERRAL_TIERS, holdDays: 0, minPayout: '0.000001' });
    expect(settings.status, JSON.stringify(settings.body)).to.equal(200);

    // The partner opens their page: the link carries their code.
    const partner = await buildUser(s.db.sequelize);
    const { page: partnerPage } = await contextOn(s, '198.51.100.10');
    await signIn(partnerPage, s, partner.email, partner.password);
    await partnerPage.goto(`${s.url}/user/partner`);
    await partnerPage.getByTestId('partner-summary').waitFor({ state: 'visible' });
    const link = ((await partnerPage.getByTestId('partner-link').locator('code').textContent()) ?? '').trim();
    const code = /[?&]r=([A-Za-z0-9]+)/.exec(link)?.[1];
    expect(code, link).to.be.a('string');
    expect(await partnerPage.getByTestId('partner-referrals').textContent()).to.match(/^0\b/);
    expect(await partnerPage.getByTestId('partner-no-funds').textContent()).to.equal(text(LANG, 'partner.errors.no_funds'));
    await shoot(partnerPage, 'partner-empty');

    // A visitor arrives by the link, registers and activates the account.
    const email = `referred-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { page: visitor } = await contextOn(s, '203.0.113.20');
    await visitor.goto(`${s.url}/?r=${code}`);
    await visitor.getByTestId('exchange-widget').waitFor({ state: 'visible' });
    await visitor.goto(`${s.url}/sign-up`);
    const field = (name: string) => visitor.locator(`form input[name="${name}"]`);
    await field('firstName').fill('Boris');
    await field('secondName').fill('Orlov');
    await field('email').fill(email);
    await field('phone').fill('+7 999 765-43-21');
    await field('password').fill(PASSWORD);
    await field('confirmPassword').fill(PASSWORD);
    await field('agreeTerms').check();
    await visitor.getByRole('button', { name: text(LANG, 'auth.signUp.submit') }).click();
    await visitor.getByTestId('sign-up-sent').waitFor({ state: 'visible' });
    // The partner's page counts the referral without a reload.
    await partnerPage.waitForFunction(() => /^1\b/.test(document.querySelector('[data-testid="partner-referrals"]')?.textContent ?? ''));
    await visitor.goto(s.url + (await mailLink(email, '/auth/')));
    await visitor.waitForURL((url) => url.pathname === '/success/confirm/account');
    await signIn(visitor, s, email, PASSWORD);

    // The referred user's exchange, completed by an operator.
    await visitor.goto(s.url + CARD_TO_COIN);
    const uid = await createOrderInWidget(visitor, LANG);
    const operator = await buildUser(s.db.sequelize, { role: 'operator' });
    const ops = new TestClient(s.url, LANG);
    expect((await ops.signIn(operator.email, operator.password)).status).to.equal(200);
    const order = (await ops.get(`/operator/orders/${uid}`)).body.data as { amountSend: string };
    for (const [action, body] of [
      ['received', { amount: order.amountSend }],
      ['done', {}],
    ] as const) {
      const answer = await ops.post(`/operator/orders/${uid}/${action}`, body);
      expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).to.equal(200);
    }

    // The partner sees the reward and the referred exchange live, at the percent of their tier.
    const { ReferralReward } = (await import('../backend/models')).initModels(s.db.sequelize);
    const { Order } = (await import('../backend/models')).initModels(s.db.sequelize);
    const stored = await Order.findOne({ where: { uid } });
    const reward = await ReferralReward.findOne({ where: { orderId: stored!.id } });
    expect(reward?.status, `profit ${stored?.profitUsdt}`).to.equal('eligible');
    expect(new Big(reward!.amount!).toFixed()).to.equal(new Big(stored!.profitUsdt!).times(DEFAULT_REFERRAL_TIERS[0]!.percent).div(100).round(REWARD_DECIMALS, Big.roundDown).toFixed());
    const row = partnerPage.getByTestId(`referred-${uid}`);
    await row.waitFor({ state: 'visible' });
    await partnerPage.waitForFunction(() => !document.querySelector('[data-testid="partner-no-funds"]'));
    const available = await amountIn(partnerPage, 'partner-available');
    expect(new Big(available).gt(0), available).to.equal(true);
    expect(await row.getByTestId(`reward-${uid}`).textContent()).to.contain(text(LANG, 'partner.reward.available'));
    await shoot(partnerPage, 'partner-rewarded');

    // The withdrawal: everything available, to a USDT wallet; both amounts shown before confirming.
    await partnerPage.getByTestId('partner-withdraw').click();
    await partnerPage.waitForURL((url) => url.pathname === '/user-actions/withdraw');
    const form = partnerPage.getByRole('form', { name: text(LANG, 'partner.withdraw.formTitle') });
    await form.getByLabel(text(LANG, 'partner.withdraw.currency')).selectOption(PAYOUT_ASSET);
    await partnerPage.getByTestId('withdraw-max').click();
    await form.getByLabel(text(LANG, 'partner.withdraw.walletOf', { currency: 'USDT (TRC20)' })).fill(WALLET);
    await partnerPage.getByTestId('withdraw-review-button').click();
    await partnerPage.getByTestId('withdraw-review').waitFor({ state: 'visible' });
    expect(await amountIn(partnerPage, 'withdraw-review-amount')).to.equal(new Big(available).toFixed());
    expect(await partnerPage.getByTestId('withdraw-review-payout').textContent()).to.contain('USDT');
    await shoot(partnerPage, 'withdraw-review');
    await partnerPage.getByTestId('withdraw-confirm').click();
    await partnerPage.waitForURL((url) => url.pathname === '/user/partner');
    const request = partnerPage.locator('[data-testid^="withdrawal-status-"]').first();
    await request.waitFor({ state: 'visible' });
    expect(await request.textContent()).to.equal(text(LANG, 'partner.withdrawalStatus.new'));
    const id = Number(((await request.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', ''));

    // An operator takes it and pays it in the console; the partner's page follows.
    const { page: console, context: staffContext } = await contextOn(s, '192.0.2.30');
    await staffContext.addCookies([...ops.cookies].map(([name, value]) => ({ name, value, url: s.url, sameSite: 'Lax' as const })));
    await console.goto(`${s.url}/operator/withdrawals`);
    const entry = console.getByTestId(`withdrawal-${id}`);
    await entry.waitFor({ state: 'visible' });
    expect(await console.getByTestId(`withdrawal-account-${id}`).textContent()).to.equal(WALLET);
    await shoot(console, 'console-withdrawals');
    await console.getByTestId(`withdrawal-take-${id}`).click();
    await partnerPage.waitForFunction(
      ([testId, label]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent === label,
      [`withdrawal-status-${id}`, text(LANG, 'partner.withdrawalStatus.processing')] as const,
    );
    await entry.getByRole('button', { name: text(LANG, 'withdrawalsAdmin.paid') }).click();
    await console.getByRole('button', { name: text(LANG, 'withdrawalsAdmin.paidConfirm') }).click();
    await partnerPage.waitForFunction(
      ([testId, label]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent === label,
      [`withdrawal-status-${id}`, text(LANG, 'partner.withdrawalStatus.paid')] as const,
    );
    await shoot(partnerPage, 'partner-paid');

    expect(await partnerBalances({ sequelize: s.db.sequelize }, partner.user.id)).to.deep.equal({ pending: '0', available: '0', held: '0', debt: '0' });
    await checkLedgerInvariants(s.db.sequelize);
  });
});
