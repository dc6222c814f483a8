/**
 * The account forms with captcha keys set while Google's script cannot be reached (the e2e
 * Chromium resolves no host but 127.0.0.1: see CHROMIUM_ARGS in setup.ts). The forms must say
 * so in the visitor's language, offer to load it again, and never fall to the error page.
 * This spec runs its own server with reCAPTCHA v2 keys and a verify URL on this machine.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Context } from 'mocha';
import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import { startTestServer, type TestServer } from '../backend/test/server';
import { newPage, PageProbe } from './setup';
import { text } from './texts';

const SPA_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'frontend', 'dist');
const GOOGLE_SCRIPT = /^https:\/\/www\.google\.com\/recaptcha\/api\.js/;

let server: TestServer;

async function open(url: string, lang: Lang): Promise<{ page: Page; probe: PageProbe }> {
  const { page } = await newPage({ lang });
  const probe = new PageProbe(new URL(server.url).origin);
  probe.attach(page);
  await page.goto(server.url + url);
  return { page, probe };
}

const field = (page: Page, name: string) => page.locator(`form input[name="${name}"]`);

/** The captcha's alert: the translated message and its retry button. */
async function expectCaptchaFailure(page: Page, lang: Lang): Promise<void> {
  const alert = page.getByTestId('captcha').getByRole('alert');
  await alert.waitFor({ state: 'visible' });
  expect(await alert.locator('p').textContent()).to.equal(text(lang, 'auth.captcha.failed'));
  await alert.getByRole('button', { name: text(lang, 'auth.captcha.retry') }).waitFor({ state: 'visible' });
}

/** Nothing went wrong on the page but the unreachable Google script. */
function expectOnlyCaptchaProblems(probe: PageProbe): void {
  expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
  expect(probe.externalRequests.filter((url) => !GOOGLE_SCRIPT.test(url)), 'other hosts').to.deep.equal([]);
  expect(probe.externalRequests.length, 'the script was asked for').to.be.greaterThan(0);
  expect(probe.failedRequests, 'failed requests').to.deep.equal([]);
}

describe('account forms when the captcha script cannot be loaded', () => {
  before(async function (this: Context) {
    this.timeout(60_000);
    server = await startTestServer({
      STATIC_DIR: SPA_DIR,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      RECAPTCHA_V2_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_V2_SECRET: 'e2e-secret',
      // Never reached: no token can exist without the script.
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/siteverify',
    });
  });

  after(async () => {
    await server?.close();
  });

  it('says so on the sign-up form, sends nothing on submit, and loads it again on retry', async () => {
    const { page, probe } = await open('/sign-up', 'en');
    await expectCaptchaFailure(page, 'en');
    await field(page, 'firstName').fill('Anna');
    await field(page, 'secondName').fill('Petrova');
    await field(page, 'email').fill('anna-captcha@example.com');
    await field(page, 'phone').fill('+7 999 123-45-67');
    await field(page, 'password').fill('Correct-Horse-42');
    await field(page, 'confirmPassword').fill('Correct-Horse-42');
    await field(page, 'agreeTerms').check();
    const registers: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/auth/register')) registers.push(request.url());
    });
    await page.getByRole('button', { name: text('en', 'auth.signUp.submit') }).click();
    await expectCaptchaFailure(page, 'en');
    expect(await page.getByRole('heading', { name: text('en', 'error.server_title') }).count()).to.equal(0);
    expect(await field(page, 'email').inputValue()).to.equal('anna-captcha@example.com');
    expect(registers).to.deep.equal([]);

    // The retry asks for the script again (and, unreachable still, says so again).
    const scriptAsked = page.waitForRequest(GOOGLE_SCRIPT);
    await page.getByRole('button', { name: text('en', 'auth.captcha.retry') }).click();
    await scriptAsked;
    await expectCaptchaFailure(page, 'en');
    expectOnlyCaptchaProblems(probe);
  });

  it('keeps the sign-in form on its page in Russian when Sign in is pressed', async () => {
    const { page, probe } = await open('/login', 'ru');
    await expectCaptchaFailure(page, 'ru');
    await field(page, 'email').fill('anna@example.com');
    await field(page, 'password').fill('Correct-Horse-42');
    await page.getByRole('button', { name: text('ru', 'auth.login.submit'), exact: true }).click();
    await expectCaptchaFailure(page, 'ru');
    expect(await page.getByRole('heading', { name: text('ru', 'error.server_title') }).count()).to.equal(0);
    expect(new URL(page.url()).pathname).to.equal('/login');
    expectOnlyCaptchaProblems(probe);
  });
});
