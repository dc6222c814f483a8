import { expect } from 'chai';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from './testing';
import { issueToken } from './tokens';
import { readOutbox } from '../test/mail';
import { initModels } from '../models';
import { totpCode } from '../platform/security/totp';
import { startTestServer, type TestServer } from '../test/server';

const NEW_PASSWORD = 'N3w-Secret#Phrase';

describe('accounts: password reset', function () {
  let server: TestServer;
  let models: ReturnType<typeof initModels>;

  before(async () => {
    server = await startTestServer();
    models = initModels(server.db.sequelize);
  });

  after(async () => {
    await server.close();
  });

  function client(lang = 'en'): TestClient {
    return new TestClient(server.url, lang);
  }

  function confirm(token: string, extra: Record<string, unknown> = {}) {
    return client().post('/user/auth/reset-password/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...extra });
  }

  it('answers "Email not registered" for an unknown email (en and ru)', async () => {
    const en = await client().post('/user/auth/reset-password', { email: uniqueEmail('ghost') });
    expect(en.status).to.equal(404);
    expect(en.body.error).to.deep.equal({ code: 'email_not_registered', message: 'Email not registered' });
    const ru = await client('ru').post('/user/auth/reset-password', { email: uniqueEmail('ghost') });
    expect(ru.body.error!.message).to.equal('Email не зарегистрирован');
  });

  it('sends a reset link for a known email', async () => {
    const { email, user } = await buildUser(server.db.sequelize);
    const response = await client().post('/user/auth/reset-password', { email });
    expect(response.status).to.equal(200);
    expect(response.body.data.message).to.equal('Password reset link sent');
    const mail = await readOutbox(server.config.outboxDir, { to: email });
    const link = mail!.links.find((href) => href.startsWith(`${server.config.publicUrl}/reset-password/`));
    expect(link).to.be.a('string');
    const token = await models.UserToken.findOne({ where: { userId: user.id, purpose: 'reset' } });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).to.be.within(29 * 60_000, 31 * 60_000);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const { email, user } = await buildUser(server.db.sequelize);
    const signedIn = client();
    await signedIn.signIn(email, TEST_PASSWORD);
    const token = await issueToken(models, { userId: user.id, purpose: 'reset' });
    const first = await confirm(token);
    expect(first.status).to.equal(200);
    expect(first.body.data.message).to.equal('New password set');
    expect((await signedIn.session()).body.error?.code).to.equal('not_signed_in');
    expect((await client().signIn(email, TEST_PASSWORD)).status).to.equal(400);
    expect((await client().signIn(email, NEW_PASSWORD)).status).to.equal(200);
    const again = await confirm(token);
    expect(again.status).to.equal(400);
    expect(again.body.error!.code).to.equal('invalid_token');
  });

  it('refuses an expired link (30 minutes)', async () => {
    const { user } = await buildUser(server.db.sequelize);
    const token = await issueToken(models, { userId: user.id, purpose: 'reset', now: new Date(Date.now() - 31 * 60_000) });
    const response = await confirm(token);
    expect(response.body.error!.code).to.equal('invalid_token');
  });

  it('keeps 2FA on: the code is required, the link survives a missing code, and 2FA stays enabled', async () => {
    const { email, user } = await buildUser(server.db.sequelize);
    const owner = client();
    await owner.signIn(email, TEST_PASSWORD);
    const secret: string = (await owner.post('/user/profile/otp/setup')).body.data.secret;
    const now = Date.now();
    await owner.post('/user/profile/otp/enable', { code: totpCode(secret, now) });
    const token = await issueToken(models, { userId: user.id, purpose: 'reset' });
    const missing = await confirm(token);
    expect(missing.body.error!.code).to.equal('otp_required');
    const wrong = await confirm(token, { code: totpCode(secret, now) });
    expect(wrong.body.error!.code).to.equal('invalid_code');
    const ok = await confirm(token, { code: totpCode(secret, now + 30_000) });
    expect(ok.status).to.equal(200);
    await user.reload();
    expect(user.twoFactorEnabled).to.equal(true);
  });
});
