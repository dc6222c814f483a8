import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../app';
import { createRateLimits, type RateLimits } from '../security/rateLimit';
import { startTestServer, type TestServer } from '../../test/server';
import type { Intake } from './closing';

describe('requests during shutdown', function () {
  let server: TestServer;
  let http: Server;
  let url: string;
  let rateLimits: RateLimits;
  const intake: Intake = { closing: false };

  before(async () => {
    server = await startTestServer();
    // The server's own app on a listener the test keeps open while the intake is closing.
    rateLimits = createRateLimits({ redisUrl: null, redisPrefix: server.config.redisPrefix }, server.logger);
    const app = createApp({ ...server, rateLimits, intake });
    http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  after(async () => {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await rateLimits.close();
    await server.close();
  });

  it('answers normally and keeps the connection before shutdown', async () => {
    intake.closing = false;
    const response = await fetch(`${url}/api/health`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('connection')).to.equal('keep-alive');
  });

  it('refuses a request once closing with a translated 503 envelope and closes the connection', async () => {
    intake.closing = true;
    for (const [lang, message] of [
      ['en', 'The service is temporarily unavailable. Please try again later'],
      ['ru', 'Сервис временно недоступен. Попробуйте позже'],
    ]) {
      const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { lang, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).to.equal(503);
      expect(response.headers.get('connection')).to.equal('close');
      expect(await response.json()).to.deep.equal({ success: false, error: { code: 'service_unavailable', message } });
    }
  });
});
