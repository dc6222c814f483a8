import { expect } from 'chai';
import { buildUser, TestClient } from './testing';
import { startTestServer, type TestServer } from '../test/server';

const PUBLIC_URL = 'https://exchanger.example';

/** The `Secure` attribute of a Set-Cookie line. */
function isSecure(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((part) => part.trim().toLowerCase() === 'secure');
}

describe('sign-in behind a TLS proxy (https PUBLIC_URL, plain HTTP to this server)', function () {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('signs in with the README production settings and TRUST_PROXY=1, setting a Secure session cookie', async () => {
    server = await startTestServer({ NODE_ENV: 'production', PUBLIC_URL, TRUST_PROXY: '1', SESSION_KEYS: 'k'.repeat(32) });
    const { email, password } = await buildUser(server.db.sequelize);
    const client = new TestClient(server.url);
    const answer = await client.post('/user/auth/sign-in', { email, password }, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(isSecure(answer.sessionCookie), answer.sessionCookie).to.equal(true);
    const session = await client.request('GET', '/user/auth/session/get/', undefined, { 'x-forwarded-proto': 'https' });
    expect(session.status).to.equal(200);
    expect(session.body.data.email).to.equal(email);
  });

  it('never answers 500 to a request that reached it without X-Forwarded-Proto: the cookie stays Secure', async () => {
    server = await startTestServer({ NODE_ENV: 'production', PUBLIC_URL, TRUST_PROXY: '1', SESSION_KEYS: 'k'.repeat(32) });
    const { email, password } = await buildUser(server.db.sequelize);
    const answer = await new TestClient(server.url).signIn(email, password);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(isSecure(answer.sessionCookie), answer.sessionCookie).to.equal(true);
  });

  it('signs in outside production with an https PUBLIC_URL and no trusted proxy', async () => {
    server = await startTestServer({ NODE_ENV: 'development', PUBLIC_URL, TRUST_PROXY: undefined, SESSION_KEYS: 'k'.repeat(32) });
    const { email, password } = await buildUser(server.db.sequelize);
    const answer = await new TestClient(server.url).signIn(email, password);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(isSecure(answer.sessionCookie), answer.sessionCookie).to.equal(true);
  });
});
