import { expect } from 'chai';
import { startTestServer, type TestServer } from '../test/server';

const TOKEN = 'm'.repeat(20) + '-metrics-token-0123456789';

async function metricsOn(url: string, authorization?: string): Promise<Response> {
  return fetch(`${url}/metrics`, { headers: { lang: 'en', ...(authorization ? { authorization } : {}) } });
}

describe('metrics: only to whom the operator allows', function () {
  this.timeout(30_000);

  describe('by default', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.close());

    it('answers GET /metrics on the public port with the 404 of an unknown path, and opens no listener', async () => {
      const response = await metricsOn(server.url);
      expect(response.status).to.equal(404);
      expect(await response.json()).to.deep.equal(await (await fetch(`${server.url}/api/no-such-path`, { headers: { lang: 'en' } })).json());
      expect(server.metricsUrl).to.equal(null);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ METRICS_TOKEN: TOKEN });
    });
    after(() => server.close());

    it('serves Prometheus text on the public port to the right bearer only', async () => {
      const ok = await metricsOn(server.url, `Bearer ${TOKEN}`);
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('content-type')).to.match(/^text\/plain/);
      expect(await ok.text()).to.include('process_cpu_user_seconds_total');
    });

    it('answers 404 without a token, with a wrong one, one of another length or another scheme', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}0`, 'Bearer x', `Basic ${TOKEN}`, TOKEN]) {
        const response = await metricsOn(server.url, authorization);
        expect(response.status, String(authorization)).to.equal(404);
        expect(await response.text()).not.to.include('process_cpu');
      }
      const post = await fetch(`${server.url}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: '{}' });
      expect(post.status).to.equal(404);
    });
  });

  describe('with METRICS_PORT', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ METRICS_PORT: '0' });
    });
    after(() => server.close());

    it('serves the route histogram on its own listener on 127.0.0.1, with route patterns and no secret', async () => {
      expect(server.metricsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.metricsUrl).not.to.equal(server.url);
      await fetch(`${server.url}/api/health`);
      await fetch(`${server.url}/order/SOMEUID123/some-order-secret`);
      const response = await metricsOn(server.metricsUrl!);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain/);
      const text = await response.text();
      expect(text).to.match(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
      expect(text).to.include('route="/order/:uid/:secret"');
      expect(text).not.to.include('some-order-secret');
      expect((await metricsOn(server.url)).status).to.equal(404);
      expect((await fetch(`${server.metricsUrl}/api/health`)).status).to.equal(404);
    });

    it('closes its listener with the server', async () => {
      const other = await startTestServer({ METRICS_PORT: '0' });
      const url = other.metricsUrl!;
      expect((await metricsOn(url)).status).to.equal(200);
      await other.close();
      const refused = await metricsOn(url).then(
        () => null,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(refused).to.equal('ECONNREFUSED');
    });
  });
});
