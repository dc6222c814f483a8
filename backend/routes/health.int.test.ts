import { expect } from 'chai';
import { startTestServer, type TestServer } from '../test/server';

describe('health, readiness and metrics endpoints', () => {
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

  it('serves Prometheus text with default metrics and the request histogram labelled by route pattern', async () => {
    await fetch(`${server.url}/api/health`);
    await fetch(`${server.url}/order/some-uid/some-secret`);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain/);
    const text = await response.text();
    expect(text).to.include('process_cpu_user_seconds_total');
    expect(text).to.match(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).to.include('route="/order/:uid/:secret"');
    expect(text).not.to.include('some-secret');
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
    const body = await response.json();
    expect(body.success).to.equal(false);
    expect(body.error.code).to.equal('service_unavailable');
    expect(body.error.fields).to.deep.equal({ redis: 'Not responding' });
  });

  it('keeps answering GET /api/health with 200', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).to.equal(200);
  });
});
