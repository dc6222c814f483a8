/**
 * The whole accounts flow in Chromium against the real server (embedded defaults: SQLite, the
 * in-process KV, mail written to `<DATA_DIR>/outbox`, captcha off): register → activation mail →
 * sign in → enable 2FA with a code computed from the shown secret → sign out → sign in with a
 * code → password reset through the emailed link and its modal → profile edit → block.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { totpCode, totpStep, TOTP_PERIOD_SECONDS } from '../backend/platform/security/totp';
import { expectLocation } from './expectations';
import { mailLink } from './mail';
import { newPage } from './setup';
import { text } from './texts';

const LANG = 'en';
const PASSWORD = 'Str0ng!Pass-1';
const NEW_PASSWORD = 'N3w!Passw0rd-2';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One-time codes for the secret: each newer than the last accepted one (the server accepts a
 * step once, within ±1 step of now). When the window is used up, waits for the next step.
 */
function authenticator(secret: string) {
  let lastStep = -Infinity;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = totpStep(now);
      const step = Math.max(current - 1, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return totpCode(secret, step * TOTP_PERIOD_SECONDS * 1000);
      }
      await sleep((current + 1) * TOTP_PERIOD_SECONDS * 1000 - now + 50);
    }
  };
}

const field = (page: Page, name: string) => page.locator(`form input[name="${name}"]`);

async function expectAlert(page: Page, key: string): Promise<void> {
  await page.getByTestId('account-alert').filter({ hasText: text(LANG, key) }).first().waitFor({ state: 'visible' });
}

async function signIn(page: Page, email: string, password: string, code?: () => Promise<string>): Promise<void> {
  await page.goto('/login');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
  if (code) {
    await field(page, 'code').waitFor({ state: 'visible' });
    await field(page, 'code').fill(await code());
    await page.getByRole('button', { name: text(LANG, 'auth.login.submit'), exact: true }).click();
  }
  await expectLocation(page, '/user/profile');
  await expectAlert(page, 'auth.alerts.signedIn');
}

async function signOut(page: Page): Promise<void> {
  await page.locator('.site-header__actions').getByTestId('sign-out').click();
  await page
    .locator('.site-header__actions')
    .getByRole('link', { name: text(LANG, 'common.header.signIn') })
    .waitFor({ state: 'visible' });
}

describe('accounts flow', () => {
  it('registers, activates, signs in, protects the account with 2FA, resets the password, edits the profile and blocks it', async function () {
    this.timeout(240_000);
    const { page, probe } = await newPage({ lang: LANG });
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    // Registration.
    await page.goto('/sign-up');
    await field(page, 'firstName').fill('Anna');
    await field(page, 'secondName').fill('Petrova');
    await field(page, 'email').fill(email);
    await field(page, 'phone').fill('+7 999 123-45-67');
    await field(page, 'password').fill(PASSWORD);
    await field(page, 'confirmPassword').fill(PASSWORD);
    await field(page, 'agreeTerms').check();
    await page.getByRole('button', { name: text(LANG, 'auth.signUp.submit') }).click();
    await page.getByTestId('sign-up-sent').waitFor({ state: 'visible' });
    await expectAlert(page, 'auth.alerts.registered');

    // Activation by following the emailed link: /auth/<token> activates and shows the success page.
    const activationLink = await mailLink(email, '/auth/');
    await page.goto(activationLink);
    await expectLocation(page, '/success/confirm/account');

    // Sign-in without 2FA.
    await signIn(page, email, PASSWORD);
    expect(await page.getByTestId('profile-email').textContent()).to.equal(email);

    // Two-factor protection, confirmed with a code computed from the secret shown.
    await page.getByTestId('profile-two-factor').getByRole('link', { name: text(LANG, 'auth.profile.enableOtp') }).click();
    await expectLocation(page, '/user-actions/enable-otp');
    const secret = ((await page.getByTestId('otp-secret').textContent()) ?? '').trim();
    expect(secret).to.match(/^[A-Z2-7]{16,}$/);
    expect(await page.getByTestId('otp-qr').getAttribute('src')).to.match(/^data:image\/png;base64,/);
    const nextCode = authenticator(secret);
    await field(page, 'code').fill(await nextCode());
    await page.getByRole('button', { name: text(LANG, 'auth.otp.enable'), exact: true }).click();
    await expectLocation(page, '/user/profile');
    await expectAlert(page, 'auth.alerts.otpEnabled');
    expect(await page.getByTestId('two-factor-status').textContent()).to.equal(text(LANG, 'pages.userProfile.enabled'));

    // Sign-out reloads signed out; signing in again asks for the code.
    await signOut(page);
    await signIn(page, email, PASSWORD, nextCode);
    await signOut(page);

    // Password reset: the emailed /reset-password/<token> opens the modal on the home page.
    await page.goto('/restore-password');
    await field(page, 'email').fill(email);
    await page.getByRole('button', { name: text(LANG, 'auth.restore.submit') }).click();
    await page.getByTestId('reset-sent').waitFor({ state: 'visible' });
    const resetLink = await mailLink(email, '/reset-password/');
    await page.goto(resetLink);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('resetToken'));
    const modal = page.getByRole('dialog', { name: text(LANG, 'auth.reset.title') });
    await modal.locator('input[name="password"]').fill(NEW_PASSWORD);
    await modal.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
    await modal.getByRole('button', { name: text(LANG, 'auth.reset.submit') }).click();
    await modal.locator('input[name="code"]').waitFor({ state: 'visible' });
    await modal.locator('input[name="code"]').fill(await nextCode());
    await modal.getByRole('button', { name: text(LANG, 'auth.reset.submit') }).click();
    await expectAlert(page, 'auth.alerts.newPasswordSet');
    await expectLocation(page, '/login');

    // The new password (and a code) signs in; the profile is edited.
    await signIn(page, email, NEW_PASSWORD, nextCode);
    const main = page.getByTestId('profile-main');
    await main.locator('input[name="firstName"]').fill('Maria');
    await main.locator('input[name="secondName"]').fill('Ivanova');
    await main.getByRole('button', { name: text(LANG, 'auth.profile.save') }).click();
    await expectAlert(page, 'auth.alerts.dataUpdated');
    await page.reload();
    await page.getByTestId('profile-main').locator('input[name="firstName"]').waitFor({ state: 'visible' });
    expect(await page.getByTestId('profile-main').locator('input[name="firstName"]').inputValue()).to.equal('Maria');

    // Blocking asks first, then ends the session (once the reloaded profile's own requests, such as
    // the KYC status, have been answered: one still in flight would meet the ended session).
    await page.waitForLoadState('networkidle');
    await page.getByTestId('profile-danger').getByRole('button', { name: text(LANG, 'auth.profile.block') }).click();
    const confirm = page.getByRole('dialog', { name: text(LANG, 'auth.profile.blockTitle') });
    await confirm.getByText(text(LANG, 'auth.profile.blockText')).waitFor({ state: 'visible' });
    await confirm.getByTestId('confirm-block').click();
    await expectAlert(page, 'auth.alerts.blocked');
    await expectLocation(page, '/');
    const session = await page.request.get('/api/user/auth/session/get/');
    expect(((await session.json()) as { error?: { code: string } }).error?.code).to.equal('not_signed_in');

    // The answers the flow asks for on purpose: the 2FA steps.
    const expected = (line: string) =>
      /^POST \/api\/user\/auth\/sign-in → 4\d\d$/.test(line) ||
      /^POST \/api\/user\/auth\/reset-password\/confirm → 4\d\d$/.test(line);
    expect(probe.consoleErrors, 'console errors').to.deep.equal([]);
    expect(probe.externalRequests, 'requests outside the test server').to.deep.equal([]);
    expect(probe.failedRequests.filter((line) => !expected(line)), 'failed requests').to.deep.equal([]);
  });

  it('ticks the terms with the first click after a failed submit, though the field left loses its error', async () => {
    const { page, probe } = await newPage({ lang: LANG });
    await page.goto('/sign-up');
    await page.getByRole('button', { name: text(LANG, 'auth.signUp.submit') }).click();
    await field(page, 'confirmPassword').and(page.locator('[aria-invalid="true"]')).waitFor();
    await field(page, 'firstName').fill('Anna');
    await field(page, 'secondName').fill('Petrova');
    await field(page, 'email').fill('first-click@example.com');
    await field(page, 'phone').fill('+7 999 123-45-67');
    await field(page, 'password').fill(PASSWORD);
    await field(page, 'confirmPassword').fill(PASSWORD);
    // A person's click on the drawn box: the press blurs the password field above, whose
    // "required" error then goes away; the release must still land on the box.
    const box = (await page.locator('.ui-checkbox__box').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await field(page, 'agreeTerms').isChecked()).to.equal(true);
    await page.waitForFunction(() => document.querySelector('input[name="confirmPassword"]')?.getAttribute('aria-invalid') === null);
    probe.expectNoProblems();
  });

  it('lays the sign-up form out for a 375 px phone without horizontal scrolling', async () => {
    const { page, probe } = await newPage({ lang: LANG, viewport: { width: 375, height: 740 } });
    await page.goto('/sign-up');
    await field(page, 'firstName').waitFor({ state: 'visible' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).to.equal(0);
    probe.expectNoProblems();
  });
});
