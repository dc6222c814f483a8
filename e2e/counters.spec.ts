/**
 * The counters in Chromium: with ANALYTICS_ID and CHAT_WIDGET_ID (this spec's own server) the
 * page asks Yandex Metrica's tag.js and JivoChat's loader for the configured ids once it has
 * painted — the CSP lets them through — and reports SPA navigations to Metrica; with neither set
 * (the shared e2e server) nothing leaves for their hosts. Their hosts are intercepted
 * (page.route): the e2e Chromium resolves no host but 127.0.0.1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Context } from 'mocha';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../backend/test/server';
import { baseUrl, newPage } from './setup';
import { shoot } from './shots';

const SPA_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'frontend', 'dist');
const ANALYTICS_ID = '12345678';
const CHAT_WIDGET_ID = 'e2eWidget42';
const COUNTER_HOSTS = /^https:\/\/(?:mc\.yandex\.ru|(?:[a-z0-9-]+\.)*jivosite\.com)\//;

/** Intercepts every request to a counter host, answering a stub script; returns the URLs asked for. */
async function interceptCounters(page: Page): Promise<string[]> {
  const asked: string[] = [];
  // Anything else off this machine would be a counter we did not expect: recorded too (registered
  // first: Playwright asks the latest route first).
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
    asked.push(route.request().url());
    await route.abort();
  });
  await page.route(COUNTER_HOSTS, async (route) => {
    asked.push(route.request().url());
    const body = route.request().url().includes('jivosite') ? 'window.__chatLoaded = true;' : 'window.__metricaLoaded = true;';
    await route.fulfill({ status: 200, contentType: 'application/javascript', body });
  });
  return asked;
}

describe('the counters: Yandex Metrica and the chat widget', () => {
  describe('with ANALYTICS_ID and CHAT_WIDGET_ID set', () => {
    let server: TestServer;

    before(async function (this: Context) {
      this.timeout(60_000);
      server = await startTestServer({ STATIC_DIR: SPA_DIR, DATABASE_URL: undefined, REDIS_URL: undefined, ANALYTICS_ID, CHAT_WIDGET_ID });
    });

    after(async () => {
      await server?.close();
    });

    it('loads both with the configured ids after the first paint, and counts SPA navigations', async () => {
      const { page, probe } = await newPage({ lang: 'en' });
      const asked = await interceptCounters(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => (window as { __metricaLoaded?: boolean }).__metricaLoaded && (window as { __chatLoaded?: boolean }).__chatLoaded);
      expect(asked).to.deep.equal([`https://mc.yandex.ru/metrika/tag.js?id=${ANALYTICS_ID}`, `https://code.jivosite.com/widget/${CHAT_WIDGET_ID}`]);

      // Not blocking: the page had painted, and the document was loaded, before the scripts were asked for.
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        const scripts = [...document.scripts].filter((script) => /mc\.yandex\.ru|jivosite\.com/.test(script.src)).map((script) => ({ async: script.async, src: script.src }));
        const requested = scripts.map((script) => performance.getEntriesByName(script.src)[0]?.startTime ?? null);
        return { paint, load, scripts, requested };
      });
      expect(timing.paint).to.be.a('number');
      expect(timing.load).to.be.above(0);
      for (const at of timing.requested) {
        expect(at).to.be.a('number');
        expect(at).to.be.at.least(timing.paint!);
        expect(at).to.be.at.least(timing.load);
      }
      expect(timing.scripts.map((script) => script.async)).to.deep.equal([true, true]);

      // Metrica's queue: init with the counter id, then a hit per SPA navigation.
      const initCall = await page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { ym: { a: unknown[][] } }).ym.a)));
      expect(initCall[0].slice(0, 2)).to.deep.equal([Number(ANALYTICS_ID), 'init']);
      await page.locator('header').getByRole('link', { name: 'Reserves' }).first().click();
      await page.waitForURL(/\/reserves$/);
      await page.waitForFunction(() => (window as unknown as { ym: { a: unknown[][] } }).ym.a.some((call) => call[1] === 'hit'));
      const hit = await page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { ym: { a: unknown[][] } }).ym.a.find((call) => call[1] === 'hit'))));
      expect(hit).to.deep.equal([Number(ANALYTICS_ID), 'hit', `${server.url}/reserves`]);
      // The CSP let both through: no violation was reported.
      expect(errors.filter((error) => /Content Security Policy/i.test(error))).to.deep.equal([]);
      expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
      expect(probe.failedRequests, 'failed requests').to.deep.equal([]);
      // (The probe's origin is the shared server's: this spec's own server is not "other".)
      expect(probe.externalRequests.filter((url) => !url.startsWith(`${server.url}/`)), 'other hosts').to.deep.equal(asked);
      await shoot(page, 'counters-configured');
    });
  });

  describe('with neither set', () => {
    it('asks no counter host for anything, on the first page and after navigating', async () => {
      const { page } = await newPage({ lang: 'ru' });
      const asked = await interceptCounters(page);
      await page.goto(`${baseUrl()}/`);
      await page.waitForLoadState('load');
      // Past the idle callback's own deadline (3 s): a counter would have been asked for by now.
      await page.waitForTimeout(3500);
      await page.locator('header').getByRole('link', { name: 'Резервы' }).first().click();
      await page.waitForURL(/\/reserves$/);
      await page.waitForTimeout(500);
      expect(asked).to.deep.equal([]);
      const state = await page.evaluate(() => ({
        ym: typeof (window as { ym?: unknown }).ym,
        scripts: [...document.scripts].map((script) => script.src).filter((src) => src && !src.startsWith(location.origin)),
      }));
      expect(state).to.deep.equal({ ym: 'undefined', scripts: [] });
    });
  });
});
