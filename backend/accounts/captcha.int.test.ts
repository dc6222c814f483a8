import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { buildUser, TestClient, uniqueEmail } from './testing';
import { startTestServer, type TestServer } from '../test/server';

/** A local siteverify speaking reCAPTCHA's protocol: only the token `human` passes. */
async function startSiteverify(): Promise<{ url: string; seen: URLSearchParams[]; close(): Promise<void> }> {
  const seen: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push(form);
      const ok = form.get('secret') === 'v2-secret' && form.get('response') === 'human';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('accounts: captcha on sign-in, registration and reset', function () {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let server: TestServer;

  before(async () => {
    siteverify = await startSiteverify();
    server = await startTestServer({ RECAPTCHA_V2_SITE_KEY: 'v2-site', RECAPTCHA_V2_SECRET: 'v2-secret', RECAPTCHA_VERIFY_URL: siteverify.url });
  });

  after(async () => {
    await server.close();
    await siteverify.close();
  });

  it('refuses a sign-in without a solved captcha before checking the password', async () => {
    const { email, password } = await buildUser(server.db.sequelize);
    const missing = await new TestClient(server.url).signIn(email, password, { captcha: '' });
    expect(missing.status).to.equal(400);
    expect(missing.body.error!.code).to.equal('captcha_failed');
    const wrong = await new TestClient(server.url).signIn(email, password, { captcha: 'bot' });
    expect(wrong.body.error!.code).to.equal('captcha_failed');
    const solved = await new TestClient(server.url).signIn(email, password, { captcha: 'human' });
    expect(solved.status).to.equal(200);
    expect(siteverify.seen.at(-1)!.get('remoteip')).to.be.a('string').and.not.equal('');
  });

  it('refuses a reset request and a registration without a solved captcha', async () => {
    const reset = await new TestClient(server.url).post('/user/auth/reset-password', { email: uniqueEmail(), captcha: 'bot' });
    expect(reset.body.error!.code).to.equal('captcha_failed');
    const register = await new TestClient(server.url).post('/user/auth/register', {
      firstName: 'Ivan',
      secondName: 'Petrov',
      email: uniqueEmail(),
      phone: '+79991234567',
      password: 'Tr0ub4dor&3-Horse',
      confirmPassword: 'Tr0ub4dor&3-Horse',
      agreeTerms: true,
      captcha: 'bot',
    });
    expect(register.body.error!.code).to.equal('captcha_failed');
  });
});
