import { expect } from 'chai';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from './testing';
import { startTestServer, type TestServer } from '../test/server';
import { ACCOUNT_LIMITS } from './limits';

describe('accounts: brute-force limits', function () {
  describe('without a trusted proxy (TRUST_PROXY=0)', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ TRUST_PROXY: '0' });
    });

    after(async () => {
      await server.close();
    });

    it('limits sign-in attempts per email+IP, even with the right password afterwards and a rotating X-Forwarded-For', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const attacker = new TestClient(server.url);
      for (let attempt = 1; attempt <= ACCOUNT_LIMITS.signInEmailIp.points; attempt += 1) {
        const response = await attacker.post('/user/auth/sign-in', { email, password: `Wrong-${attempt}!aA` }, { 'x-forwarded-for': `203.0.113.${attempt}` });
        expect(response.status, `attempt ${attempt}`).to.equal(400);
      }
      const limited = await attacker.post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.77' });
      expect(limited.status).to.equal(429);
      expect(limited.body.error!.code).to.equal('too_many_requests');
      expect(Number(limited.headers.get('retry-after'))).to.be.within(1, ACCOUNT_LIMITS.signInEmailIp.durationSec);
      const ru = await new TestClient(server.url, 'ru').signIn(email, TEST_PASSWORD);
      expect(ru.status).to.equal(429);
      expect(ru.body.error!.message).to.match(/[А-Яа-я]/);
    });

    it('limits sign-in attempts per IP across many emails', async () => {
      const attacker = new TestClient(server.url);
      // The first test spent attempts from this same address.
      let status = 0;
      for (let attempt = 1; attempt <= ACCOUNT_LIMITS.signIn.points + 1 && status !== 429; attempt += 1) {
        status = (await attacker.post('/user/auth/sign-in', { email: uniqueEmail('spray'), password: 'Wrong-1!aA' }, { 'x-forwarded-for': `192.0.2.${attempt}` })).status;
      }
      expect(status).to.equal(429);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ TRUST_PROXY: '1' });
    });

    after(async () => {
      await server.close();
    });

    it('counts per client address from X-Forwarded-For', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const client = new TestClient(server.url);
      for (let attempt = 1; attempt <= ACCOUNT_LIMITS.signInEmailIp.points; attempt += 1) {
        await client.post('/user/auth/sign-in', { email, password: 'Wrong-1!aA' }, { 'x-forwarded-for': '203.0.113.9' });
      }
      expect((await client.post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.9' })).status).to.equal(429);
      expect((await client.post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.10' })).status).to.equal(200);
    });

    it('counts only failed sign-ins per email+IP: twice the limit of good ones in a row all sign in, and the failures still count', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const from = { 'x-forwarded-for': '203.0.113.60' };
      for (let attempt = 1; attempt <= 2 * ACCOUNT_LIMITS.signInEmailIp.points; attempt += 1) {
        expect((await new TestClient(server.url).post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, from)).status, `sign-in ${attempt}`).to.equal(200);
      }
      // From another address (its own per-IP count far below that limit): the failures use the email's limit up.
      const guesser = new TestClient(server.url);
      const other = { 'x-forwarded-for': '203.0.113.61' };
      for (let attempt = 1; attempt <= ACCOUNT_LIMITS.signInEmailIp.points; attempt += 1) {
        expect((await guesser.post('/user/auth/sign-in', { email, password: 'Wrong-1!aA' }, other)).status, `guess ${attempt}`).to.equal(400);
      }
      expect((await guesser.post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, other)).status).to.equal(429);
    });

    it('limits one-time codes per user in the profile', async () => {
      const { email } = await buildUser(server.db.sequelize);
      const browser = new TestClient(server.url);
      await browser.post('/user/auth/sign-in', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.50' });
      await browser.post('/user/profile/otp/setup', {});
      for (let attempt = 1; attempt <= ACCOUNT_LIMITS.otpUser.points; attempt += 1) {
        expect((await browser.post('/user/profile/otp/enable', { code: '000000' })).status).to.be.oneOf([400]);
      }
      expect((await browser.post('/user/profile/otp/enable', { code: '000000' })).status).to.equal(429);
    });
  });
});
