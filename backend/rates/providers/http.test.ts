import { expect } from 'chai';
import { fetchFromProvider } from './http';
import { expectProviderError } from './testing/expectProviderError';
import { closedPortUrl, startFixtureServer, type FixtureBehaviour, type FixtureServer } from './testing/fixtureServer';

describe('fetchFromProvider', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function urlAnswering(reply: FixtureBehaviour): Promise<URL> {
    server = await startFixtureServer(() => reply);
    return new URL('/api', server.baseUrl);
  }

  it('returns the body bytes and content type of a 2xx answer', async () => {
    const url = await urlAnswering({ headers: { 'content-type': 'text/plain' }, body: 'ok' });
    const response = await fetchFromProvider({ provider: 'test', url, timeoutMs: 5000 });
    expect(new TextDecoder().decode(response.bytes)).to.equal('ok');
    expect(response.contentType).to.equal('text/plain');
  });

  it('times out when the body stops arriving after the headers', async () => {
    const url = await urlAnswering('stalled-body');
    await expectProviderError(fetchFromProvider({ provider: 'test', url, timeoutMs: 150 }), 'timeout');
  });

  it('reports a refused connection as a network error naming the cause', async () => {
    const url = new URL('/api', await closedPortUrl());
    const error = await expectProviderError(fetchFromProvider({ provider: 'test', url, timeoutMs: 5000 }), 'network');
    expect(error.message).to.contain('ECONNREFUSED');
  });

  it('passes the caller abort reason through instead of calling it a source failure', async () => {
    const url = await urlAnswering('no-answer');
    const controller = new AbortController();
    const reason = new Error('worker stopping');
    const poll = fetchFromProvider({ provider: 'test', url, timeoutMs: 5000, signal: controller.signal });
    controller.abort(reason);
    expect(await poll.catch((error: unknown) => error)).to.equal(reason);
  });

  it('shows the text of an HTML error page without its markup', async () => {
    const body =
      '<html><head><title>x</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';
    const url = await urlAnswering({ status: 502, headers: { 'content-type': 'text/html' }, body });
    const error = await expectProviderError(fetchFromProvider({ provider: 'test', url, timeoutMs: 5000 }), 'http');
    expect(error.message).to.equal('test: HTTP 502: 502 Bad Gateway nginx');
  });

  it('ignores a Retry-After given as a date', async () => {
    const url = await urlAnswering({
      status: 503,
      headers: { 'retry-after': 'Fri, 16 Jan 2026 09:20:00 GMT' },
      body: '',
    });
    const error = await expectProviderError(fetchFromProvider({ provider: 'test', url, timeoutMs: 5000 }), 'http');
    expect(error.retryAfterSeconds).to.equal(undefined);
  });
});
