/**
 * Issue 12, the console as a person meets it: an admin opens every console section in Russian and
 * English; each shows its content (not a loader), and at 1280 and 375 px has no serious or critical
 * axe violation (WCAG 2 A/AA), does not scroll sideways, shows no raw interface key (`boardUi.claim`)
 * and logs no console error; at 375 px every table cell that became a card's line names its field.
 * The direction and asset edit dialogs are checked the same way. An operator's navigation leaves
 * the admin-only sections out.
 * Screenshots: /tmp/shots/console-<section>-<lang>-<width>.png.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import { buildUser, TestClient, uniqueEmail } from '../backend/accounts/testing';
import type { TestServer } from '../backend/test/server';
import { ADMIN, CONSOLE_SECTIONS, STAFF } from '../frontend/src/pages/operator/sections';
import { describeViolations, seriousViolations } from './axe';
import { createCardOrder } from './cardOrder';
import { MOBILE, newPage, type PageProbe } from './setup';
import { shoot } from './shots';
import { useServerWithWorker } from './workerServer';
import { accrueReward } from '../backend/ledger/referral';
import { writeTransaction } from '../backend/platform/db/transaction';

const LANGS: Lang[] = ['ru', 'en'];
/** The locale namespaces: a visible `<namespace>.<key>` is a key i18next did not find. */
const NAMESPACES = readdirSync(fileURLToPath(new URL('../locales/en/', import.meta.url))).map((file) => path.basename(file, '.json'));

/** What shows each section's content arrived (its list, or the text saying it is empty). */
const READY: Record<string, string> = {
  orders: '[data-testid="operator-orders"]',
  reviews: '[data-testid="reviews-empty"], .reviews-list',
  users: '[data-testid="users-list"]',
  directions: '[data-testid="directions-table"]',
  assets: '[data-testid="assets-table"]',
  reserves: '[data-testid="reserves-table"]',
  payments: '[data-testid^="payments-asset-"], [data-testid="payments-empty"]',
  maintenance: '[data-testid="maintenance-state"]',
  blacklist: '[data-testid="blacklist-entries"]',
  audit: '[data-testid="audit-records"]',
  withdrawals: 'tr[data-testid^="withdrawal-"]',
  referral: '[data-testid="referral-tiers"]',
  blog: '[data-testid="console-blog-posts"]',
  siteReviews: '[data-testid="site-reviews-list"], [data-testid="site-reviews-empty"]',
  messages: '[data-testid="messages-list"], [data-testid="messages-empty"]',
  pages: '[data-testid="pages-form"]',
};

/** Sections whose rows open an edit dialog: the first row's dialog is checked as well. */
const WITH_DIALOG = new Set(['directions', 'assets']);

/** A signed-in API client of `account` (one sign-in per account: the sign-in is rate limited). */
async function signedIn(server: TestServer, account: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(server.url, 'en');
  const answer = await client.signIn(account.email, account.password);
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return client;
}

/** A page in `lang` carrying the session cookie of `client`. */
async function openAs(server: TestServer, lang: Lang, client: TestClient): Promise<{ page: Page; probe: PageProbe }> {
  const opened = await newPage({ lang });
  await opened.page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
  return opened;
}

/**
 * Visible texts and the accessible names in attributes that read like `<namespace>.<key>`. Text in
 * `<code>` is left out: there the console shows machine codes on purpose (an audit record's action,
 * which the audit filter takes, beside its translated name).
 */
async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate((namespaces) => {
    const key = new RegExp(`(?:^|[^\\w@.])((?:${namespaces.join('|')})\\.[A-Za-z0-9_.]+)`, 'g');
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('code, script, style') && parent.checkVisibility()) texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts.flatMap((text) => [...text.matchAll(key)].map((match) => match[1]));
  }, NAMESPACES);
}

/**
 * Table cells that show text without naming their column: on a narrow screen the console's tables
 * become cards (operator.css) and a cell's `data-label` is all that says what its value is. Cells
 * holding a control (a button, a form) name themselves.
 */
async function unlabelledCells(page: Page): Promise<string[]> {
  return page.locator('.operator-table td').evaluateAll((cells) =>
    cells
      .filter((cell) => !(cell as HTMLElement).dataset.label && cell.textContent!.trim() !== '' && !cell.querySelector('button, input, select'))
      .map((cell) => cell.textContent!.trim().slice(0, 30)),
  );
}

describe('the console, section by section, in both languages at 1280 and 375 px', () => {
  const running = useServerWithWorker();
  let admin: TestClient;
  let operator: TestClient;

  before(async function () {
    this.timeout(60_000);
    const server = running();
    admin = await signedIn(server, await buildUser(server.db.sequelize, { role: 'admin' }));
    operator = await signedIn(server, await buildUser(server.db.sequelize, { role: 'operator' }));
    // Content for every list: an order on the board, a blacklist entry (and its audit record).
    await createCardOrder(server.url, 'console');
    const listed = await admin.post('/admin/blacklist', { kind: 'email', value: uniqueEmail('listed'), action: 'hold', reason: 'Chargebacks on two earlier orders' });
    expect(listed.status, JSON.stringify(listed.body)).to.equal(201);
    // A partner's withdrawal request waiting in the withdrawals section.
    const partner = await buildUser(server.db.sequelize);
    await writeTransaction(server.db.sequelize, (transaction) =>
      accrueReward({ sequelize: server.db.sequelize }, transaction, { orderId: 2_000_000_001, partnerId: partner.user.id, amount: '25', pending: false }),
    );
    const requested = await (await signedIn(server, partner)).post('/user/partner/withdrawals', { currency: 'USDTTRC20', amount: '12.5', account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    expect(requested.status, JSON.stringify(requested.body)).to.equal(201);
  });

  it('covers every section of the console', () => {
    expect(Object.keys(READY)).to.have.members(CONSOLE_SECTIONS.map((section) => section.key));
  });

  for (const lang of LANGS) {
    for (const section of CONSOLE_SECTIONS) {
      it(`${section.key} (${lang}): content, axe, no sideways scroll, no raw keys, no console errors`, async function () {
        this.timeout(90_000);
        const server = running();
        const { page, probe } = await openAs(server, lang, admin);
        await page.goto(`${server.url}/operator/${section.key}`);
        await page.locator(READY[section.key]).first().waitFor({ state: 'visible' });
        const found: string[] = [];
        const check = (what: string) => async (width: number) => {
          const violations = await seriousViolations(page);
          if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
          const keys = await rawKeys(page);
          if (keys.length > 0) found.push(`${what} at ${width} px raw keys: ${keys.join(', ')}`);
          const unlabelled = await unlabelledCells(page);
          if (width === MOBILE.width && unlabelled.length > 0) found.push(`${what} at ${width} px cards without field labels (${unlabelled.length}): ${unlabelled.slice(0, 5).join(', ')}…`);
        };
        await shoot(page, `console-${section.key}-${lang}`, check('the section'));
        if (WITH_DIALOG.has(section.key)) {
          await page.locator(`${READY[section.key]} tbody tr`).first().getByRole('button').click();
          await page.getByRole('dialog').waitFor({ state: 'visible' });
          await shoot(page, `console-${section.key}-dialog-${lang}`, check('the edit dialog'));
        }
        expect(found, `${section.key} (${lang})`).to.deep.equal([]);
        expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
      });
    }
  }

  it('leaves the admin-only sections out of an operator’s navigation', async () => {
    const server = running();
    const { page, probe } = await openAs(server, 'en', operator);
    await page.goto(`${server.url}/operator/orders`);
    await page.locator(READY.orders).waitFor({ state: 'visible' });
    const links = await page.locator('nav.console-nav a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    const staff = CONSOLE_SECTIONS.filter((section) => section.roles === STAFF).map((section) => `/operator/${section.key}`);
    expect(links).to.deep.equal(staff);
    expect(CONSOLE_SECTIONS.filter((section) => section.roles === ADMIN)).to.have.length.greaterThan(0);
    expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
  });
});
