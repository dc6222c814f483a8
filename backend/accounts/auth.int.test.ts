import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from './testing';
import { issueToken } from './tokens';
import { SESSION_COOKIE, sessionKey } from '../platform/http/session';
import { listOutbox, readOutbox } from '../test/mail';
import { initModels } from '../models';
import { totpCode } from '../platform/security/totp';
import { startTestServer, type TestServer } from '../test/server';

function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ivan',
    secondName: 'Petrov',
    email,
    phone: '+79991234567',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    agreeTerms: true,
    captcha: '',
    ref: 'PARTNER1',
    ...extra,
  };
}

describe('accounts: register, activate, sign in', function () {
  let server: TestServer;
  let models: ReturnType<typeof initModels>;

  before(async () => {
    server = await startTestServer();
    models = initModels(server.db.sequelize);
  });

  after(async () => {
    await server.close();
  });

  /** koa-session's cookie signature: HMAC-SHA1 of "sid=<id>" with the first key, base64url. */
  function signCookie(id: string): string {
    return createHmac('sha1', server.config.sessionKeys[0]).update(`${SESSION_COOKIE}=${id}`).digest('base64url');
  }

  /** A fresh client whose requests come from their own (trusted-proxy-free) address bucket. */
  function client(lang = 'en'): TestClient {
    return new TestClient(server.url, lang);
  }

  describe('POST /api/user/auth/register', () => {
    it('creates a pending user and issues an activation token, ignoring role and status in the body', async () => {
      const email = uniqueEmail('reg');
      const response = await client().post('/user/auth/register', registration(email.toUpperCase(), { role: 'admin', status: 'active' }));
      expect(response.status).to.equal(200);
      expect(response.body.data.message).to.equal('Registration confirmation link sent to your email');
      const user = await models.User.findOne({ where: { email } });
      expect(user).to.include({ role: 'user', status: 'pending', firstName: 'Ivan', referrer: 'PARTNER1', lang: 'en' });
      expect(user!.passwordHash).to.match(/^\$argon2id\$v=19\$[^$]*m=19456/).and.match(/[$,]t=2[,$]/).and.match(/[$,]p=1[,$]/);
      expect(await models.UserToken.count({ where: { userId: user!.id, purpose: 'activation', usedAt: null } })).to.equal(1);
    });

    it('answers an already registered email exactly like a new one', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const taken = await client().post('/user/auth/register', registration(email));
      const fresh = await client().post('/user/auth/register', registration(uniqueEmail('fresh')));
      expect(taken.status).to.equal(fresh.status);
      expect(taken.body).to.deep.equal(fresh.body);
    });

    it('does the same work for a new, a pending and an active account’s email: one hash, one link issued, one outbox mail, the same answer', async () => {
      // The answer time must not tell whether an email is taken: every path hashes the password,
      // looks the email up, issues one link and sends one mail (only a new email adds the user row).
      const pending = await buildUser(server.db.sequelize, { status: 'pending' });
      const active = await buildUser(server.db.sequelize, { lang: 'en' });
      const fresh = uniqueEmail('fresh');
      const answers = [];
      for (const email of [fresh, pending.email, active.email]) {
        answers.push(await client().post('/user/auth/register', registration(email)));
        expect(await listOutbox(server.config.outboxDir, { to: email }), email).to.have.length(1);
        // One mail row each, written in the registration's transaction and sent after it.
        expect(await models.OutboxMail.count({ where: { to: email } }), email).to.equal(1);
        const user = await models.User.findOne({ where: { email } });
        expect(await models.UserToken.count({ where: { userId: user!.id, usedAt: null } }), email).to.equal(1);
      }
      expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200]);
      expect(answers[1]!.body).to.deep.equal(answers[0]!.body);
      expect(answers[2]!.body).to.deep.equal(answers[0]!.body);
      // The account's owner learns of the attempt and gets a way in instead of a second account.
      const notice = await readOutbox(server.config.outboxDir, { to: active.email });
      expect(notice!.subject).to.match(/^You already have an account on /);
      const link = notice!.links.find((href) => href.startsWith(`${server.config.publicUrl}/reset-password/`));
      const token = link!.slice(`${server.config.publicUrl}/reset-password/`.length);
      const reset = await client().post('/user/auth/reset-password/confirm', { token, password: `${TEST_PASSWORD}9`, confirmPassword: `${TEST_PASSWORD}9` });
      expect(reset.status).to.equal(200);
      expect(await models.User.count({ where: { email: active.email } })).to.equal(1);
    });

    it('answers translated field messages for bad input (ru)', async () => {
      const response = await client('ru').post('/user/auth/register', registration('not-an-email', { agreeTerms: false, confirmPassword: 'x' }));
      expect(response.status).to.equal(400);
      expect(response.body.error!.code).to.equal('validation_failed');
      expect(Object.keys(response.body.error!.fields!)).to.have.members(['email', 'agreeTerms', 'confirmPassword']);
    });

    it('refuses one of the most common passwords', async () => {
      const response = await client().post('/user/auth/register', registration(uniqueEmail(), { password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }));
      expect(response.status).to.equal(400);
      expect(response.body.error!.code).to.be.oneOf(['common_password', 'validation_failed']);
    });
  });

  it('emails the activation link in the request language; the link activates and signs in works', async () => {
    const email = uniqueEmail('mail');
    await client('ru').post('/user/auth/register', registration(email));
    const mail = await readOutbox(server.config.outboxDir, { to: email });
    expect(mail!.subject).to.match(/[А-Яа-я]/);
    const link = mail!.links.find((href) => href.startsWith(`${server.config.publicUrl}/auth/`));
    expect(link).to.be.a('string');
    const token = link!.slice(`${server.config.publicUrl}/auth/`.length);
    expect(Buffer.from(token, 'base64url')).to.have.length(32);
    expect((await client().post('/user/auth/activate', { token })).status).to.equal(200);
    expect((await client().signIn(email, TEST_PASSWORD)).status).to.equal(200);
  });

  describe('POST /api/user/auth/activate', () => {
    it('activates once; the same link again answers "Account activation error" (en and ru)', async () => {
      const { user } = await buildUser(server.db.sequelize, { status: 'pending' });
      const token = await issueToken(models, { userId: user.id, purpose: 'activation' });
      const first = await client().post('/user/auth/activate', { token });
      expect(first.status).to.equal(200);
      await user.reload();
      expect(user.status).to.equal('active');
      const again = await client().post('/user/auth/activate', { token });
      expect(again.status).to.equal(400);
      expect(again.body.error).to.deep.equal({ code: 'activation_failed', message: 'Account activation error' });
      const ru = await client('ru').post('/user/auth/activate', { token });
      expect(ru.body.error!.message).to.equal('Ошибка активации аккаунта');
    });

    it('accepts a link exactly once when it is used twice at the same moment', async () => {
      const { user } = await buildUser(server.db.sequelize, { status: 'pending' });
      const token = await issueToken(models, { userId: user.id, purpose: 'activation' });
      const answers = await Promise.all([1, 2, 3].map(() => client().post('/user/auth/activate', { token })));
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400, 400]);
    });

    it('refuses an expired link', async () => {
      const { user } = await buildUser(server.db.sequelize, { status: 'pending' });
      const token = await issueToken(models, { userId: user.id, purpose: 'activation', now: new Date(Date.now() - 25 * 60 * 60 * 1000) });
      const response = await client().post('/user/auth/activate', { token });
      expect(response.body.error!.code).to.equal('activation_failed');
      await user.reload();
      expect(user.status).to.equal('pending');
    });

    it('refuses an unknown token', async () => {
      const response = await client().post('/user/auth/activate', { token: randomBytes(32).toString('base64url') });
      expect(response.status).to.equal(400);
    });
  });

  describe('POST /api/user/auth/sign-in', () => {
    it('answers an unknown email and a wrong password with the same status and body', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const unknown = await client().signIn(uniqueEmail('nobody'), TEST_PASSWORD);
      const wrong = await client().signIn(email, 'Wrong-Passw0rd!');
      expect(unknown.status).to.equal(400);
      expect(wrong.status).to.equal(unknown.status);
      expect(wrong.body).to.deep.equal(unknown.body);
      expect(unknown.body.error).to.deep.equal({ code: 'invalid_credentials', message: 'Incorrect email or password' });
      expect(unknown.sessionCookie).to.equal(undefined);
    });

    it('signs in, gives a new session id, and the session call answers the user', async () => {
      const { email, user } = await buildUser(server.db.sequelize);
      const browser = client();
      // A session that existed before signing in (e.g. planted by an attacker) must not survive it.
      const planted = randomBytes(32).toString('base64url');
      await server.kv.set(sessionKey(planted), JSON.stringify({ _expire: Date.now() + 60_000, _maxAge: 60_000 }), 60_000);
      browser.cookies.set(SESSION_COOKIE, planted);
      browser.cookies.set(`${SESSION_COOKIE}.sig`, signCookie(planted));
      const response = await browser.signIn(email.toUpperCase(), TEST_PASSWORD, { captcha: '', code: '', remember: false });
      expect(response.status).to.equal(200);
      expect(response.body.data).to.include({ id: user.id, email, role: 'user', message: 'Signed in' });
      expect(response.body.data).not.to.have.property('passwordHash');
      expect(browser.sessionId).to.be.a('string').with.length(43).and.not.equal(planted);
      expect(await server.kv.get(sessionKey(planted))).to.equal(null);
      const session = await browser.session();
      expect(session.body).to.deep.equal({
        success: true,
        data: {
          id: user.id,
          email,
          firstName: 'Ivan',
          secondName: null,
          role: 'user',
          twoFactorEnabled: false,
          kycStatus: null,
          phone: null,
          notifyPasswordChange: true,
          notifySignIn: false,
        },
      });
    });

    it('rotates the session id at sign-in and destroys the old one', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const browser = client();
      await browser.signIn(email, TEST_PASSWORD);
      const before = browser.sessionId!;
      await browser.signIn(email, TEST_PASSWORD);
      expect(browser.sessionId).to.be.a('string').and.not.equal(before);
      expect(await server.kv.get(sessionKey(before))).to.equal(null);
    });

    it('sets an httpOnly SameSite=Lax cookie: a browser-session cookie, or 30 days with remember-me', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const plain = await client().signIn(email, TEST_PASSWORD);
      expect(plain.sessionCookie).to.match(/httponly/i).and.match(/samesite=lax/i).and.match(/path=\//i);
      expect(plain.sessionCookie).not.to.match(/expires=/i);
      const remembered = await client().signIn(email, TEST_PASSWORD, { remember: true });
      const expires = /expires=([^;]+)/i.exec(remembered.sessionCookie!)![1];
      const days = (Date.parse(expires) - Date.now()) / 86_400_000;
      expect(days).to.be.within(29, 31);
    });

    it('answers "Account not activated" for a pending account and sends a new activation link', async () => {
      const { email, user } = await buildUser(server.db.sequelize, { status: 'pending' });
      const response = await client().signIn(email, TEST_PASSWORD);
      expect(response.status).to.equal(403);
      expect(response.body.error!.code).to.equal('account_not_activated');
      expect(response.body.error!.message).to.match(/^Account not activated/);
      expect(await models.UserToken.count({ where: { userId: user.id, purpose: 'activation', usedAt: null } })).to.equal(1);
      const ru = await client('ru').signIn(email, TEST_PASSWORD);
      expect(ru.body.error!.message).to.match(/^Аккаунт не активирован/);
    });

    it('answers a blocked account with the end date, and lets it in once the block has run out', async () => {
      const until = new Date(Date.now() + 3 * 86_400_000);
      const { email, user } = await buildUser(server.db.sequelize, { status: 'blocked', blockedUntil: until });
      const blocked = await client().signIn(email, TEST_PASSWORD);
      expect(blocked.status).to.equal(403);
      expect(blocked.body.error!.code).to.equal('account_blocked');
      expect(blocked.body.error!.message).to.equal(`The account is blocked until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
      await user.update({ blockedUntil: new Date(Date.now() - 1000) });
      const later = await client().signIn(email, TEST_PASSWORD);
      expect(later.status).to.equal(200);
      await user.reload();
      expect(user).to.include({ status: 'active', blockedUntil: null });
    });

    it('asks for the code when 2FA is on, refuses a wrong one and accepts a code only once', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const owner = client();
      await owner.signIn(email, TEST_PASSWORD);
      const setup = await owner.post('/user/profile/otp/setup');
      expect(setup.body.data.otpauthUrl).to.match(/^otpauth:\/\/totp\//);
      expect(setup.body.data.qrDataUrl).to.match(/^data:image\/png;base64,/);
      const secret: string = setup.body.data.secret;
      const enableAt = Date.now();
      expect((await owner.post('/user/profile/otp/enable', { code: totpCode(secret, enableAt) })).status).to.equal(200);

      const missing = await client().signIn(email, TEST_PASSWORD);
      expect(missing.status).to.equal(400);
      expect(missing.body.error).to.deep.equal({ code: 'otp_required', message: 'Enter the code from the authenticator app' });
      expect(missing.sessionCookie).to.equal(undefined);
      const wrongCode = totpCode(secret, enableAt) === '000000' ? '111111' : '000000';
      const wrong = await client().signIn(email, TEST_PASSWORD, { code: wrongCode });
      expect(wrong.body.error).to.deep.equal({ code: 'invalid_code', message: 'Invalid code' });
      // The code that switched 2FA on is used up; the next step's code works once.
      const reused = await client().signIn(email, TEST_PASSWORD, { code: totpCode(secret, enableAt) });
      expect(reused.body.error!.code).to.equal('invalid_code');
      const next = totpCode(secret, enableAt + 30_000);
      expect((await client().signIn(email, TEST_PASSWORD, { code: next })).status).to.equal(200);
      expect((await client().signIn(email, TEST_PASSWORD, { code: next })).body.error!.code).to.equal('invalid_code');
    });
  });

  it('accepts one one-time code for one of several simultaneous sign-ins only', async () => {
    const { email } = await buildUser(server.db.sequelize);
    const owner = client();
    await owner.signIn(email, TEST_PASSWORD);
    const secret: string = (await owner.post('/user/profile/otp/setup')).body.data.secret;
    const now = Date.now();
    await owner.post('/user/profile/otp/enable', { code: totpCode(secret, now) });
    const code = totpCode(secret, now + 30_000);
    const answers = await Promise.all([1, 2, 3].map(() => client().signIn(email, TEST_PASSWORD, { code })));
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400, 400]);
  });

  describe('sessions', () => {
    it('ends the session on DELETE /api/user/auth/session/destroy: the old cookie answers 401', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const browser = client();
      await browser.signIn(email, TEST_PASSWORD);
      const stolen = browser.clone();
      expect((await browser.request('DELETE', '/user/auth/session/destroy')).status).to.equal(200);
      expect((await stolen.session()).body.error?.code).to.equal('not_signed_in');
    });

    it('signs out everywhere with DELETE /api/user/auth/session/destroy-all', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const laptop = client();
      const phone = client();
      await laptop.signIn(email, TEST_PASSWORD);
      await phone.signIn(email, TEST_PASSWORD);
      expect((await laptop.request('DELETE', '/user/auth/session/destroy-all')).status).to.equal(200);
      expect((await phone.session()).body.error?.code).to.equal('not_signed_in');
      expect((await laptop.session()).body.error?.code).to.equal('not_signed_in');
    });

    it('refuses a sign-in from a foreign Origin (403) and a non-JSON body (415)', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const sameSite = await client().post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { origin: server.url });
      expect(sameSite.status).to.equal(200);
      const csrf = await client().post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { origin: 'https://evil.example' });
      expect(csrf.status).to.equal(403);
      expect(csrf.body.error!.code).to.equal('csrf_rejected');
      expect(csrf.sessionCookie).to.equal(undefined);
      const form = await fetch(`${server.url}/api/user/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(email)}&password=${encodeURIComponent(TEST_PASSWORD)}`,
      });
      expect(form.status).to.equal(415);
      expect(form.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).to.equal(false);
    });
  });
});
