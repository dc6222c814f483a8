import { expect } from 'chai';
import { buildUser, TEST_PASSWORD, TestClient } from './testing';
import { readOutbox } from '../test/mail';
import { initModels } from '../models';
import { totpCode } from '../platform/security/totp';
import { startTestServer, type TestServer } from '../test/server';

describe('accounts: profile', function () {
  let server: TestServer;
  let models: ReturnType<typeof initModels>;

  before(async () => {
    server = await startTestServer();
    models = initModels(server.db.sequelize);
  });

  after(async () => {
    await server.close();
  });

  async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
    const built = await buildUser(server.db.sequelize, overrides);
    const browser = new TestClient(server.url);
    expect((await browser.signIn(built.email, built.password)).status).to.equal(200);
    return { ...built, browser };
  }

  it('answers 401 to every profile call when signed out', async () => {
    const anonymous = new TestClient(server.url);
    for (const path of ['/user/profile/edit/main', '/user/profile/block', '/user/profile/otp/setup', '/user/profile/delete']) {
      expect((await anonymous.post(path, {})).status, path).to.equal(401);
    }
    expect((await anonymous.get('/user/profile')).status).to.equal(401);
  });

  it('edits the name ("Data updated") and ignores role, status and email in the body', async () => {
    const { browser, user } = await signedIn();
    const response = await browser.post('/user/profile/edit/main', {
      firstName: 'Anna',
      secondName: 'Smirnova',
      role: 'admin',
      status: 'active',
      email: 'boss@example.test',
      kycStatus: 'approve',
    });
    expect(response.status).to.equal(200);
    expect(response.body.data).to.include({ firstName: 'Anna', secondName: 'Smirnova', role: 'user', kycStatus: null, message: 'Data updated' });
    await user.reload();
    expect(user).to.include({ firstName: 'Anna', secondName: 'Smirnova', role: 'user', status: 'active' });
    expect(user.email).not.to.equal('boss@example.test');
  });

  it('answers translated field messages for a bad name (ru)', async () => {
    const { browser } = await signedIn();
    browser.lang = 'ru';
    const response = await browser.post('/user/profile/edit/main', { firstName: '', secondName: 'X' });
    expect(response.status).to.equal(400);
    expect(response.body.error!.fields).to.have.property('firstName', 'Обязательное поле');
  });

  it('stores the notification choices', async () => {
    const { browser, user } = await signedIn();
    const response = await browser.post('/user/profile/notifications', { notifyPasswordChange: false, notifySignIn: true });
    expect(response.body.data).to.include({ notifyPasswordChange: false, notifySignIn: true });
    await user.reload();
    expect(user).to.include({ notifyPasswordChange: false, notifySignIn: true });
  });

  it('emails a sign-in alert when the user asked for it, and nothing when not', async () => {
    const { browser, email } = await signedIn({ lang: 'en' });
    expect(await readOutbox(server.config.outboxDir, { to: email })).to.equal(null);
    await browser.post('/user/profile/notifications', { notifyPasswordChange: true, notifySignIn: true });
    await new TestClient(server.url).signIn(email, TEST_PASSWORD);
    const mail = await readOutbox(server.config.outboxDir, { to: email });
    expect(mail!.subject).to.match(/^New sign-in to your account/);
    expect(mail!.text).to.include('IP address: 127.0.0.1');
  });

  it('emails "password changed" when the user wants it', async () => {
    const { browser, email } = await signedIn({ notifyPasswordChange: true, lang: 'en' });
    await browser.post('/user/profile/password', { currentPassword: TEST_PASSWORD, password: 'An0ther#Secret', confirmPassword: 'An0ther#Secret' });
    const mail = await readOutbox(server.config.outboxDir, { to: email });
    expect(mail!.subject).to.match(/password .* was changed/);
  });

  it('changes the password after checking the current one and ends the other sessions', async () => {
    const { browser, email } = await signedIn();
    const other = new TestClient(server.url);
    await other.signIn(email, TEST_PASSWORD);
    const wrong = await browser.post('/user/profile/password', { currentPassword: 'Not-The-0ne!', password: 'An0ther#Secret', confirmPassword: 'An0ther#Secret' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.error).to.deep.equal({ code: 'wrong_password', message: 'The current password is incorrect' });
    const ok = await browser.post('/user/profile/password', { currentPassword: TEST_PASSWORD, password: 'An0ther#Secret', confirmPassword: 'An0ther#Secret' });
    expect(ok.status).to.equal(200);
    expect((await browser.session()).body.success).to.equal(true);
    expect((await other.session()).body.error?.code).to.equal('not_signed_in');
    expect((await new TestClient(server.url).signIn(email, 'An0ther#Secret')).status).to.equal(200);
  });

  it('keeps the other sessions when asked to', async () => {
    const { browser, email } = await signedIn();
    const other = new TestClient(server.url);
    await other.signIn(email, TEST_PASSWORD);
    await browser.post('/user/profile/password', { currentPassword: TEST_PASSWORD, password: 'An0ther#Secret', confirmPassword: 'An0ther#Secret', endOtherSessions: false });
    expect((await other.session()).body.success).to.equal(true);
  });

  it('sets up 2FA: enabling needs a valid code, disabling needs a valid unused code', async () => {
    const { browser, user } = await signedIn();
    const setup = await browser.post('/user/profile/otp/setup');
    const secret: string = setup.body.data.secret;
    await user.reload();
    expect(user.twoFactorSecret).to.match(/^v1\./).and.not.include(secret);
    const now = Date.now();
    const bad = await browser.post('/user/profile/otp/enable', { code: totpCode(secret, now - 10 * 60_000) });
    expect(bad.body.error!.code).to.equal('invalid_code');
    const on = await browser.post('/user/profile/otp/enable', { code: totpCode(secret, now) });
    expect(on.body.data).to.include({ twoFactorEnabled: true });
    expect((await browser.post('/user/profile/otp/setup')).status).to.equal(409);
    const reused = await browser.post('/user/profile/otp/disable', { code: totpCode(secret, now) });
    expect(reused.body.error!.code).to.equal('invalid_code');
    const off = await browser.post('/user/profile/otp/disable', { code: totpCode(secret, now + 30_000) });
    expect(off.body.data).to.include({ twoFactorEnabled: false });
  });

  it('blocks the account for 7 days and ends every session', async () => {
    const { browser, email, user } = await signedIn();
    const other = new TestClient(server.url);
    await other.signIn(email, TEST_PASSWORD);
    const stolen = browser.clone();
    const response = await browser.post('/user/profile/block');
    expect(response.status).to.equal(200);
    const days = (Date.parse(response.body.data.blockedUntil) - Date.now()) / 86_400_000;
    expect(days).to.be.within(6.99, 7.01);
    expect((await stolen.session()).body.error?.code).to.equal('not_signed_in');
    expect((await other.session()).body.error?.code).to.equal('not_signed_in');
    await user.reload();
    expect(user.status).to.equal('blocked');
    expect((await new TestClient(server.url).signIn(email, TEST_PASSWORD)).body.error!.code).to.equal('account_blocked');
  });

  it('deletes the account after checking the password: data erased, row kept, sessions ended', async () => {
    const { browser, email, user } = await signedIn();
    const stolen = browser.clone();
    const wrong = await browser.post('/user/profile/delete', { password: 'Not-The-0ne!' });
    expect(wrong.body.error!.code).to.equal('wrong_password');
    const response = await browser.post('/user/profile/delete', { password: TEST_PASSWORD });
    expect(response.status).to.equal(200);
    expect((await stolen.session()).body.error?.code).to.equal('not_signed_in');
    const row = await models.User.findByPk(user.id);
    expect(row).to.include({ status: 'deleted', firstName: null, secondName: null, phone: null, passwordHash: null, twoFactorSecret: null });
    expect(row!.email).to.equal(`deleted-${user.id}@deleted.invalid`);
    const again = await new TestClient(server.url).signIn(email, TEST_PASSWORD);
    expect(again.body.error!.code).to.equal('invalid_credentials');
  });
});
