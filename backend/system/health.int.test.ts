import { expect } from 'chai';
import type { ApiFailure } from '../../common/api';
import { startTestServer, type TestServer } from '../test/server';

describe('health and readiness endpoints', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  it('answers GET /api/health with success while the process is alive', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ success: true, data: { status: 'ok' } });
  });

  it('answers GET /api/ready with the database and Redis status', async () => {
    const response = await fetch(`${server.url}/api/ready`);
    expect(response.status).to.equal(200);
    const expectedRedis = process.env.TEST_REDIS_URL ? 'ok' : 'memory';
    expect(await response.json()).to.deep.equal({ success: true, data: { db: 'ok', redis: expectedRedis } });
  });
});

describe('readiness while Redis is unreachable', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
  });

  after(async () => {
    await server.close();
  });

  it('answers GET /api/ready with 503 naming Redis as the failed dependency', async () => {
    const response = await fetch(`${server.url}/api/ready`, { headers: { lang: 'en' } });
    expect(response.status).to.equal(503);
    const body = (await response.json()) as ApiFailure;
    expect(body.success).to.equal(false);
    expect(body.error.code).to.equal('service_unavailable');
    expect(body.error.fields).to.deep.equal({ redis: 'Not responding' });
  });

  it('keeps answering GET /api/health with 200', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).to.equal(200);
  });
});
