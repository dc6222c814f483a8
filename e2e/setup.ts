/**
 * Browser test harness (mocha root hooks, `.mocharc.e2e.json` requires this file): one real
 * server serving the real SPA build (a snapshot of `frontend/dist`, built by `scripts/build-if-stale.mjs`)
 * and one headless Debian Chromium driven by playwright-core. Specs call `newPage()`; every
 * page lives in its own browser context (own cookies), is closed after its test, and is saved
 * as a screenshot (plus its console/network report) to `e2e/artifacts/` when the test fails.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Context } from 'mocha';
import { LANG_COOKIE, type Lang } from '../common/api';
import { startTestServer, type TestServer } from '../backend/test/server';
import { PageProbe } from './probe';

export { PageProbe } from './probe';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPA_DIR = path.join(ROOT, 'frontend', 'dist');
const ARTIFACTS_DIR = path.join(ROOT, 'e2e', 'artifacts');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Only the test server resolves: nothing a page asks for can reach another host.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
/** Below mocha's 60 s test timeout, so a stuck wait fails with Playwright's message, and a screenshot. */
const ACTION_TIMEOUT_MS = 15_000;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

let server: TestServer | undefined;
let spaSnapshot: string | undefined;
let browser: Browser | undefined;
const openPages: { context: BrowserContext; page: Page; probe: PageProbe }[] = [];

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** false: the page as a phone shows it before its JavaScript has arrived (the server's first screen). */
  javaScript?: boolean;
  /** Presets the language cookie, as a returning visitor who chose it would have. */
  lang?: Lang;
  /**
   * The browser's language (its Accept-Language and navigator.language): Russian unless given, as
   * the visitors of a Russian-default site mostly are, and whatever language the machine's Chromium
   * would otherwise send — the server picks a page's language from it when no cookie is set.
   */
  locale?: string;
}

/** The browser language of every page that names none. */
export const DEFAULT_BROWSER_LOCALE = 'ru-RU';

export interface AppPage {
  page: Page;
  probe: PageProbe;
}

/** The test server's base URL, e.g. http://127.0.0.1:41234. */
export function baseUrl(): string {
  if (!server) throw new Error('The e2e server is not running (is e2e/setup.ts required by mocha?)');
  return server.url;
}

/** The test server itself, for specs that build their own rows (users with a role…). */
export function testServer(): TestServer {
  if (!server) throw new Error('The e2e server is not running (is e2e/setup.ts required by mocha?)');
  return server;
}

/** A fresh page (own context and cookies) on the test server, its problems recorded by a probe. */
export async function newPage(options: NewPageOptions = {}): Promise<AppPage> {
  if (!browser) throw new Error('Chromium is not running (is e2e/setup.ts required by mocha?)');
  const url = baseUrl();
  const context = await browser.newContext({
    baseURL: url,
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? DEFAULT_BROWSER_LOCALE,
    javaScriptEnabled: options.javaScript ?? true,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
  if (options.lang) {
    await context.addCookies([{ name: LANG_COOKIE, value: options.lang, url, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const probe = new PageProbe(new URL(url).origin);
  probe.attach(page);
  openPages.push({ context, page, probe });
  return { page, probe };
}

function artifactName(title: string): string {
  return title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 150);
}

async function saveArtifacts(title: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const name = artifactName(title);
  for (const [index, { page, probe }] of openPages.entries()) {
    const file = path.join(ARTIFACTS_DIR, openPages.length > 1 ? `${name}-${index + 1}` : name);
    if (!page.isClosed()) await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
    const location = page.isClosed() ? '(closed)' : page.url();
    await writeFile(`${file}.txt`, `${title}\nat ${location}\n${probe.report()}\n`);
  }
}

export const mochaHooks = {
  async beforeAll(this: Context) {
    this.timeout(120_000);
    if (!existsSync(path.join(SPA_DIR, 'index.html'))) {
      throw new Error('frontend/dist is missing: run `node scripts/build-if-stale.mjs` (npm run test:e2e does)');
    }
    // A copy of the build, so a rebuild of frontend/dist during the run cannot pull files from under it.
    spaSnapshot = await mkdtemp(path.join(tmpdir(), 'exchanger-e2e-spa-'));
    await cp(SPA_DIR, spaSnapshot, { recursive: true });
    // The embedded defaults (SQLite, in-process bus): the browser suite needs no outside server.
    server = await startTestServer({ STATIC_DIR: spaSnapshot, DATABASE_URL: undefined, REDIS_URL: undefined });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  },

  async afterEach(this: Context) {
    const test = this.currentTest;
    try {
      if (test?.state === 'failed') await saveArtifacts(test.fullTitle());
    } finally {
      const pages = openPages.splice(0);
      await Promise.all(pages.map(({ context }) => context.close()));
    }
  },

  async afterAll() {
    await browser?.close();
    await server?.close();
    if (spaSnapshot) await rm(spaSnapshot, { recursive: true, force: true });
  },
};
