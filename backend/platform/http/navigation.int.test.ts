import { request } from 'node:http';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/server';

describe('navigation rules on direct page loads', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  async function redirectOf(path: string, method = 'GET'): Promise<{ status: number; location: string | null }> {
    const response = await fetch(`${server.url}${path}`, { method, redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location') };
  }

  it('drops the /ru prefix with a 301', async () => {
    expect(await redirectOf('/ru/faq')).to.deep.equal({ status: 301, location: '/faq' });
  });

  it('drops the /en prefix with a 301', async () => {
    expect(await redirectOf('/en/reserves')).to.deep.equal({ status: 301, location: '/reserves' });
  });

  it('sends a bare /en to the home page', async () => {
    expect(await redirectOf('/en')).to.deep.equal({ status: 301, location: '/' });
  });

  it('keeps the query string when dropping a language prefix', async () => {
    expect(await redirectOf('/ru/?from=BTC&to=USDT')).to.deep.equal({ status: 301, location: '/?from=BTC&to=USDT' });
  });

  it('turns /reset-password/<token> into /?resetToken=<token>', async () => {
    expect(await redirectOf('/reset-password/abc123')).to.deep.equal({ status: 301, location: '/?resetToken=abc123' });
  });

  it('removes a trailing slash', async () => {
    expect(await redirectOf('/user/profile/')).to.deep.equal({ status: 301, location: '/user/profile' });
  });

  it('sends /index.php to /', async () => {
    expect(await redirectOf('/index.php')).to.deep.equal({ status: 301, location: '/' });
  });

  it('sends /index.html to /', async () => {
    expect(await redirectOf('/index.html')).to.deep.equal({ status: 301, location: '/' });
  });

  it('applies the rules to HEAD requests too', async () => {
    expect(await redirectOf('/en/faq', 'HEAD')).to.deep.equal({ status: 301, location: '/faq' });
  });

  it('never turns //evil.com into an external redirect', async () => {
    const { status, location } = await redirectOf('//evil.com/');
    expect(status).to.equal(301);
    expect(location).to.equal('/evil.com');
  });

  /** Sends the path byte for byte (fetch would normalise a backslash into a slash). */
  function rawRedirectOf(path: string): Promise<{ status: number; location: string | undefined }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('never turns a backslash path into an external redirect', async () => {
    const { status, location } = await rawRedirectOf('/\\evil.com/');
    expect(status).to.equal(301);
    expect(location).to.equal('/evil.com');
  });

  it('leaves API paths alone', async () => {
    const response = await fetch(`${server.url}/api/health/`, { redirect: 'manual' });
    expect(response.status).to.equal(200);
  });

  it('answers a canonical page path without redirecting', async () => {
    const response = await fetch(`${server.url}/faq`, { redirect: 'manual' });
    expect(response.status).to.equal(200);
  });
});
