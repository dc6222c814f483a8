import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { ApiFailure } from '../../common/api';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionKey } from '../platform/http/session';
import { startTestServer, type TestServer } from '../test/server';

describe('session calls', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  /** Stores a session in the KV and returns the signed cookie header a browser would send. */
  async function storedSession(data: Record<string, unknown>): Promise<{ id: string; cookie: string }> {
    const id = randomBytes(32).toString('base64url');
    const record = { ...data, _expire: Date.now() + SESSION_MAX_AGE_MS, _maxAge: SESSION_MAX_AGE_MS };
    await server.kv.set(sessionKey(id), JSON.stringify(record), SESSION_MAX_AGE_MS);
    // The signature koa-session's cookies library checks: HMAC-SHA1 of "name=value", base64url.
    const signature = createHmac('sha1', server.config.sessionKeys[0])
      .update(`${SESSION_COOKIE}=${id}`)
      .digest('base64')
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    return { id, cookie: `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${signature}` };
  }

  it('answers GET /api/user/auth/session/get/ signed out with 200, success false and a translated not_signed_in', async () => {
    for (const [lang, message] of [
      ['en', 'You are not signed in'],
      ['ru', 'Вы не вошли в аккаунт'],
    ]) {
      const response = await fetch(`${server.url}/api/user/auth/session/get/`, { headers: { lang } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(await response.json()).to.deep.equal({ success: false, error: { code: 'not_signed_in', message } });
    }
  });

  it('answers the same call without the trailing slash the same way', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/get`);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('not_signed_in');
  });

  it('answers not_signed_in and ends a session whose user does not exist', async () => {
    const { id, cookie } = await storedSession({ userId: 424242 });
    const response = await fetch(`${server.url}/api/user/auth/session/get/`, { headers: { cookie } });
    expect(response.status).to.equal(200);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('not_signed_in');
    expect(await server.kv.get(sessionKey(id))).to.equal(null);
  });

  it('keeps the 401 rule for every other call made signed out', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/user/auth/session/destroy-all'],
      ['POST', '/api/user/profile/edit/main'],
      ['GET', '/api/operator/orders'],
    ]) {
      const response = await fetch(`${server.url}${path}`, { method, headers: { lang: 'en', 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(response.status, `${method} ${path}`).to.equal(401);
      expect(((await response.json()) as ApiFailure).error.code).to.equal('unauthorized');
    }
  });

  it('destroys the session in the store and expires the cookie on DELETE /api/user/auth/session/destroy', async () => {
    const { id, cookie } = await storedSession({ userId: 7 });
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, { method: 'DELETE', headers: { cookie } });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ success: true, data: null });
    expect(await server.kv.get(sessionKey(id))).to.equal(null);
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).to.match(/expires=Thu, 01 Jan 1970/i);
    expect(setCookie).to.match(/httponly/i);
    expect(setCookie).to.match(/samesite=lax/i);
  });

  it('ignores a session cookie with a forged signature', async () => {
    const { id } = await storedSession({ userId: 7 });
    const cookie = `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=forged`;
    await fetch(`${server.url}/api/user/auth/session/destroy`, { method: 'DELETE', headers: { cookie } });
    expect(await server.kv.get(sessionKey(id))).not.to.equal(null);
  });

  it('rejects an unsafe call from a foreign Origin with 403 csrf_rejected', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).to.equal(403);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('csrf_rejected');
  });

  it('rejects an unsafe call the browser marks cross-site with 403 csrf_rejected', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).to.equal(403);
  });

  it('accepts an unsafe call from the site itself', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, {
      method: 'DELETE',
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).to.equal(200);
  });
});
