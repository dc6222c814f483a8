import { Writable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Router from '@koa/router';
import { expect } from 'chai';
import Koa from 'koa';
import { pino } from 'pino';
import { ConnectionError } from 'sequelize';
import { object } from 'yup';
import type { ApiFailure } from '../../../common/api';
import { emailField, nameField } from '../../../common/validation';
import { createServerI18n } from '../i18n';
import { KVUnavailableError } from '../kv';
import { listenApp, jsonRequest, type ListeningApp } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';
import { errorHandler } from './errorHandler';
import { jsonBody } from './jsonBody';
import { lang } from './lang';
import { requestLogger } from './requestLogger';
import type { AppState } from './types';
import { validate } from './validate';

const NOT_FOUND_RU = 'Страница не найдена, так как она была удалена или её адрес изменился';
const NOT_FOUND_EN = 'The page was not found because it was either deleted or its address has changed';

describe('error envelope on the real server', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  it('answers an unknown /api path with a 404 JSON envelope in Russian by default', async () => {
    const response = await fetch(`${server.url}/api/no/such/endpoint`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(await response.json()).to.deep.equal({
      success: false,
      error: { code: 'not_found', message: NOT_FOUND_RU },
    });
  });

  it('translates the message into English when the lang header says en', async () => {
    const response = await fetch(`${server.url}/api/no/such/endpoint`, { headers: { lang: 'en' } });
    expect(((await response.json()) as ApiFailure).error.message).to.equal(NOT_FOUND_EN);
  });

  it('falls back to the lang cookie when there is no lang header', async () => {
    const response = await fetch(`${server.url}/api/no/such/endpoint`, { headers: { cookie: 'lang=en' } });
    expect(((await response.json()) as ApiFailure).error.message).to.equal(NOT_FOUND_EN);
  });

  it('prefers the lang header over the lang cookie', async () => {
    const response = await fetch(`${server.url}/api/no/such/endpoint`, { headers: { lang: 'ru', cookie: 'lang=en' } });
    expect(((await response.json()) as ApiFailure).error.message).to.equal(NOT_FOUND_RU);
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, jsonRequest('DELETE', '{"broken":'));
    expect(response.status).to.equal(400);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('bad_request');
  });

  it('answers a non-JSON body on a JSON route with 415 unsupported_media_type', async () => {
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, {
      method: 'DELETE',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).to.equal(415);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('unsupported_media_type');
  });

  it('answers a JSON body over the limit with 413 payload_too_large', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(200 * 1024) });
    const response = await fetch(`${server.url}/api/user/auth/session/destroy`, jsonRequest('DELETE', body));
    expect(response.status).to.equal(413);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('payload_too_large');
  });

  it('answers a body that does not decode by its Content-Encoding with 400 bad_request, and reads one that does', async () => {
    const send = (encoding: string, body: Buffer) =>
      fetch(`${server.url}/api/user/auth/session/destroy`, { method: 'DELETE', body: new Uint8Array(body), headers: { 'content-type': 'application/json', 'content-encoding': encoding, lang: 'en' } });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await send(encoding, Buffer.from('{"a":1}'));
      expect(response.status, encoding).to.equal(400);
      expect(((await response.json()) as ApiFailure).error.code, encoding).to.equal('bad_request');
    }
    // Decoded, then parsed: broken JSON inside a good gzip is the parser's 400, a good body goes through.
    const broken = await send('gzip', gzipSync('{"broken":'));
    expect([broken.status, ((await broken.json()) as ApiFailure).error.code]).to.deep.equal([400, 'bad_request']);
    const plain = await fetch(`${server.url}/api/user/auth/session/destroy`, jsonRequest('DELETE', '{}'));
    for (const [encoding, body] of [['gzip', gzipSync('{}')], ['deflate', deflateSync('{}')], ['br', brotliCompressSync('{}')]] as const) {
      expect((await send(encoding, body)).status, encoding).to.equal(plain.status);
    }
  });

  it('answers a wrong method on a known /api path with 405 and the allowed methods', async () => {
    const response = await fetch(`${server.url}/api/health`, { method: 'POST', headers: { lang: 'en' } });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.equal('HEAD, GET');
    expect(((await response.json()) as ApiFailure).error.code).to.equal('method_not_allowed');
  });

  it('tags every answer with a request id', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});

describe('error middleware on a bare app', () => {
  const logLines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  let listening: ListeningApp;

  before(async () => {
    const app = new Koa<AppState>();
    const router = new Router<AppState>();
    router.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    router.get('/kv-down', () => {
      throw new KVUnavailableError('get');
    });
    router.get('/db-down', () => {
      throw new ConnectionError(new Error('connect ECONNREFUSED 127.0.0.1:3306'));
    });
    const signUpSchema = object({ email: emailField, firstName: nameField });
    router.post('/sign-up', jsonBody(), validate(signUpSchema), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.get('/search', validate(object({ email: emailField }), 'query'), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    app.use(requestLogger(pino({ level: 'info' }, logStream)));
    app.use(lang(createServerI18n()));
    app.use(errorHandler());
    app.use(router.routes());
    listening = await listenApp(app);
  });

  after(async () => {
    await listening.close();
  });

  it('turns an unknown error into a 500 internal_error with the spec text and no internals', async () => {
    const response = await fetch(`${listening.url}/boom`, { headers: { lang: 'en' } });
    expect(response.status).to.equal(500);
    const text = await response.text();
    expect(JSON.parse(text)).to.deep.equal({
      success: false,
      error: { code: 'internal_error', message: 'Server request error. Please try again later or contact support' },
    });
    expect(text).not.to.include('hunter2');
    expect(text).not.to.match(/\.ts:\d+/);
  });

  it('logs an unknown error with the request id of the answer', async () => {
    const response = await fetch(`${listening.url}/boom`);
    const requestId = response.headers.get('x-request-id');
    const logged = logLines.find((line) => line.msg === 'unhandled error' && line.requestId === requestId);
    expect(logged, 'error log line').to.not.equal(undefined);
    expect((logged!.err as { message: string }).message).to.equal('database password is hunter2');
  });

  it('answers an unavailable KV with 503 service_unavailable', async () => {
    const response = await fetch(`${listening.url}/kv-down`);
    expect(response.status).to.equal(503);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('service_unavailable');
  });

  it('answers a lost database connection with 503 service_unavailable', async () => {
    const response = await fetch(`${listening.url}/db-down`);
    expect(response.status).to.equal(503);
    expect(((await response.json()) as ApiFailure).error.code).to.equal('service_unavailable');
  });

  it('answers invalid input with 400 validation_failed and a translated message for every field', async () => {
    const response = await fetch(`${listening.url}/sign-up`, jsonRequest('POST', JSON.stringify({ email: 'not-an-email', firstName: '' })));
    expect(response.status).to.equal(400);
    expect(await response.json()).to.deep.equal({
      success: false,
      error: {
        code: 'validation_failed',
        message: 'Value is incorrect',
        fields: { email: 'Enter a valid email', firstName: 'This field is required' },
      },
    });
  });

  it('passes validated input on with unknown keys stripped', async () => {
    const body = JSON.stringify({ email: 'ann@example.com', firstName: 'Ann', role: 'admin' });
    const response = await fetch(`${listening.url}/sign-up`, jsonRequest('POST', body));
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ input: { email: 'ann@example.com', firstName: 'Ann' } });
  });

  it('validates the query string when asked to', async () => {
    const response = await fetch(`${listening.url}/search?email=nope`, { headers: { lang: 'ru' } });
    expect(response.status).to.equal(400);
    const body = (await response.json()) as ApiFailure;
    expect(body.error.fields).to.have.keys('email');
  });
});
