import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { createServerI18n } from '../i18n';
import { createLogger } from '../logger';
import { errorHandler } from '../http/errorHandler';
import { lang } from '../http/lang';
import type { AppState } from '../http/types';
import { listenApp } from '../../test/http';
import { ServiceUnavailableError } from '../errors';
import { createCaptchaVerifier } from './captcha';
import { CaptchaFailedError } from './errors';

const V2_SECRET = '6Lv2-secret-for-tests';
const V3_SECRET = '6Lv3-secret-for-tests';

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/siteverify/${name}.json`, import.meta.url), 'utf8');
}

interface Received {
  method: string;
  contentType: string;
  form: URLSearchParams;
}

/** A siteverify stand-in: checks the secret like Google does, answers the fixture named by the token. */
async function startSiteverify(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      received.push({ method: request.method ?? '', contentType: request.headers['content-type'] ?? '', form });
      const secret = form.get('secret');
      const token = form.get('response') ?? '';
      let body: string;
      if (secret !== V2_SECRET && secret !== V3_SECRET) body = fixture('invalid-input-secret');
      else if (token === 'http-500') {
        response.writeHead(500).end('oops');
        return;
      } else body = fixture(token);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, received, server };
}

function config(verifyUrl: string, keys: { v2?: boolean; v3?: boolean; v2Secret?: string }) {
  return {
    publicUrl: 'http://127.0.0.1:3000',
    recaptcha: {
      v2SiteKey: keys.v2 ? '6Lv2-site' : null,
      v2Secret: keys.v2 ? (keys.v2Secret ?? V2_SECRET) : null,
      v3SiteKey: keys.v3 ? '6Lv3-site' : null,
      v3Secret: keys.v3 ? V3_SECRET : null,
      verifyUrl,
    },
  };
}

async function failure(promise: Promise<void>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('captcha verifier', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;

  before(async () => {
    siteverify = await startSiteverify();
  });
  after(async () => {
    await new Promise<void>((resolve) => siteverify.server.close(() => resolve()));
  });
  beforeEach(() => {
    siteverify.received.length = 0;
  });

  it('is disabled without keys: verify resolves without calling siteverify', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, {}));
    expect(verifier.enabled).to.equal(false);
    expect(verifier.siteKeys).to.deep.equal({ v2: null, v3: null });
    await verifier.verify(undefined, { ip: '203.0.113.5' });
    expect(siteverify.received).to.have.length(0);
  });

  it('v2: accepts a good token, posting secret, response and remoteip form-encoded', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true }));
    expect(verifier.enabled).to.equal(true);
    expect(verifier.siteKeys).to.deep.equal({ v2: '6Lv2-site', v3: null });
    await verifier.verify('v2-success', { ip: '203.0.113.5' });
    expect(siteverify.received).to.have.length(1);
    const [request] = siteverify.received;
    expect(request!.method).to.equal('POST');
    expect(request!.contentType).to.match(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).to.deep.equal({ secret: V2_SECRET, response: 'v2-success', remoteip: '203.0.113.5' });
  });

  for (const token of ['v2-invalid-input-response', 'v2-timeout-or-duplicate', 'v2-foreign-hostname']) {
    it(`v2: ${token.slice(3)} → 400 captcha_failed`, async () => {
      const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true }));
      const error = await failure(verifier.verify(token, { ip: '203.0.113.5' }));
      expect(error).to.be.instanceOf(CaptchaFailedError);
      expect(error).to.include({ status: 400, code: 'captcha_failed', messageKey: 'security.captcha_failed' });
    });
  }

  it('rejects a missing or empty token without calling siteverify', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true }));
    expect(await failure(verifier.verify('', { ip: '203.0.113.5' }))).to.be.instanceOf(CaptchaFailedError);
    expect(await failure(verifier.verify(null, { ip: '203.0.113.5' }))).to.be.instanceOf(CaptchaFailedError);
    expect(siteverify.received).to.have.length(0);
  });

  it('a wrong secret of ours fails the check (never passes)', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true, v2Secret: 'wrong' }));
    expect(await failure(verifier.verify('v2-success', { ip: '203.0.113.5' }))).to.be.instanceOf(CaptchaFailedError);
  });

  it('v3: accepts a good score with the matching action, using the v3 secret', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true, v3: true }));
    await verifier.verify('v3-success', { ip: '203.0.113.5', action: 'sign_in' });
    expect(siteverify.received[0]!.form.get('secret')).to.equal(V3_SECRET);
  });

  it('v3: a score below 0.5 fails', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v3: true }));
    expect(await failure(verifier.verify('v3-low-score', { ip: '203.0.113.5', action: 'sign_in' }))).to.be.instanceOf(CaptchaFailedError);
  });

  it('v3: a token made for another action fails', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v3: true }));
    expect(await failure(verifier.verify('v3-wrong-action', { ip: '203.0.113.5', action: 'sign_in' }))).to.be.instanceOf(CaptchaFailedError);
  });

  it('with both versions, no action means the v2 checkbox', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true, v3: true }));
    await verifier.verify('v2-success', { ip: '203.0.113.5' });
    expect(siteverify.received[0]!.form.get('secret')).to.equal(V2_SECRET);
  });

  it('an HTTP error of siteverify answers 503 (fail closed)', async () => {
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true }));
    expect(await failure(verifier.verify('http-500', { ip: '203.0.113.5' }))).to.be.instanceOf(ServiceUnavailableError);
  });

  it('a siteverify that never answers ends in 503 at the timeout (fail closed)', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const verifier = createCaptchaVerifier(config(`http://127.0.0.1:${port}/siteverify`, { v2: true }), { timeoutMs: 200 });
      expect(await failure(verifier.verify('v2-success', { ip: '203.0.113.5' }))).to.be.instanceOf(ServiceUnavailableError);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reaches the client as 400 captcha_failed with a translated message', async () => {
    const app = new Koa<AppState>();
    app.silent = true;
    const logger = createLogger({ logLevel: 'silent', role: 'all' });
    app.use(async (ctx, next) => {
      ctx.state.log = logger;
      await next();
    });
    app.use(lang(createServerI18n()));
    app.use(errorHandler());
    const verifier = createCaptchaVerifier(config(siteverify.url, { v2: true }));
    app.use(async (ctx) => {
      await verifier.verify('v2-invalid-input-response', { ip: ctx.ip });
      ctx.body = { success: true };
    });
    const listening = await listenApp(app);
    try {
      for (const [language, message] of [
        ['en', 'Captcha check failed. Please solve the captcha again'],
        ['ru', 'Проверка капчи не пройдена. Пройдите капчу ещё раз'],
      ] as const) {
        const response = await fetch(listening.url, { headers: { lang: language } });
        expect(response.status).to.equal(400);
        expect(await response.json()).to.deep.equal({ success: false, error: { code: 'captcha_failed', message } });
      }
    } finally {
      await listening.close();
    }
  });
});
