/**
 * Accessibility of the main pages (issue 10, item 21): axe-core runs in Chromium on the home
 * page, two orders' pages (real orders made through the API: the confirm and the card photo
 * steps), the reserves, sign-in, sign-up, a signed-in user's profile and a signed-in operator's
 * console, in Russian and English, at 1280 and 375 px, and finds no serious or critical violation
 * of the WCAG 2 A/AA rules, nor text on a gradient fill below AA (which axe leaves undecided).
 * The spec runs its own server with the worker so live rates and reserves are on the pages it
 * checks. Screenshots of every page at both widths go to /tmp/shots/a11y-*.png.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Context } from 'mocha';
import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import type { CreateOrderResponse } from '../common/orders';
import { buildUser, TestClient } from '../backend/accounts/testing';
import { startTestServer, type TestServer } from '../backend/test/server';
import { startWorker, type RunningWorker } from '../backend/workers';
import { describeViolations, gradientContrastFailures, seriousViolations } from './axe';
import { createCardOrder } from './cardOrder';
import { DESKTOP, MOBILE, newPage } from './setup';

const SPA_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'frontend', 'dist');
const LANGS: Lang[] = ['ru', 'en'];
const SHOTS_DIR = '/tmp/shots';

let server: TestServer;
let worker: RunningWorker;
/** Two orders: one just made (the confirm step), one confirmed (the card photo step). */
let created: CreateOrderResponse;
let confirmed: CreateOrderResponse;

/** A page in `lang`, signed in as `account` when given (the session cookie of an API sign-in). */
async function openAs(lang: Lang, account?: { email: string; password: string }): Promise<Page> {
  const { page } = await newPage({ lang });
  if (account) {
    const client = new TestClient(server.url, lang);
    const signedIn = await client.signIn(account.email, account.password);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    await page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url, sameSite: 'Lax' as const })));
  }
  return page;
}

interface Screen {
  name: string;
  path: () => string;
  role?: 'user' | 'operator';
  /** What shows the page is complete (its live data arrived). */
  ready: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: (page) => page.getByTestId('exchange-rate').first().waitFor({ state: 'visible' }) },
  { name: 'order', path: () => created.url, ready: (page) => page.getByTestId('order-confirm').waitFor({ state: 'visible' }) },
  { name: 'order card step', path: () => confirmed.url, ready: (page) => page.getByTestId('card-upload').waitFor({ state: 'visible' }) },
  { name: 'reserves', path: () => '/reserves', ready: (page) => page.locator('.reserve-card__amount').first().waitFor({ state: 'visible' }) },
  { name: 'login', path: () => '/login', ready: (page) => page.locator('form input[name="password"]').waitFor({ state: 'visible' }) },
  { name: 'sign-up', path: () => '/sign-up', ready: (page) => page.locator('form input[name="agreeTerms"]').waitFor({ state: 'attached' }) },
  {
    name: 'profile',
    path: () => '/user/profile',
    role: 'user',
    ready: (page) => page.locator('input[name="notifySignIn"]').waitFor({ state: 'attached' }),
  },
  {
    name: 'verification',
    path: () => '/user-actions/verification',
    role: 'user',
    ready: (page) => page.getByTestId('kyc-submit').waitFor({ state: 'visible' }),
  },
  {
    name: 'operator console',
    path: () => '/operator',
    role: 'operator',
    ready: (page) => page.getByTestId(`operator-order-${created.uid}`).waitFor({ state: 'visible' }),
  },
];

describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  const accounts: Partial<Record<'user' | 'operator', { email: string; password: string }>> = {};

  before(async function (this: Context) {
    this.timeout(60_000);
    await mkdir(SHOTS_DIR, { recursive: true });
    server = await startTestServer({ STATIC_DIR: SPA_DIR, DATABASE_URL: undefined, REDIS_URL: undefined });
    worker = await startWorker({ config: server.config, logger: server.logger, kv: server.kv, db: server.db, services: server.services });
    accounts.user = await buildUser(server.db.sequelize);
    accounts.operator = await buildUser(server.db.sequelize, { role: 'operator' });
    created = await createCardOrder(server.url, 'a11y');
    confirmed = await createCardOrder(server.url, 'a11y', true);
  });

  after(async () => {
    await worker?.close();
    await server?.close();
  });

  for (const screen of SCREENS) {
    for (const lang of LANGS) {
      it(`${screen.name} (${lang}) has no serious or critical violation at ${DESKTOP.width} and ${MOBILE.width} px`, async function () {
        this.timeout(90_000);
        const page = await openAs(lang, screen.role && accounts[screen.role]);
        await page.goto(server.url + screen.path());
        await screen.ready(page);
        const found: string[] = [];
        for (const viewport of [DESKTOP, MOBILE]) {
          await page.setViewportSize(viewport);
          const violations = await seriousViolations(page);
          const gradients = await gradientContrastFailures(page);
          if (violations.length > 0 || gradients.length > 0) {
            found.push(`at ${viewport.width} px:\n${[describeViolations(violations), ...gradients].filter(Boolean).join('\n')}`);
          }
          const shot = `a11y-${screen.name.replace(/\W+/g, '-')}-${lang}-${viewport.width}.png`;
          await page.screenshot({ path: path.join(SHOTS_DIR, shot), fullPage: true });
        }
        if (found.length > 0) expect.fail(`axe on ${screen.name} (${lang}) found serious or critical violations:\n${found.join('\n')}`);
      });
    }
  }
});
