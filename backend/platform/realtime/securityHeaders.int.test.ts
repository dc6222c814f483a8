import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/server';

/** The headers every answer of the app carries, whatever serves it. */
const SECURITY_HEADERS = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'x-permitted-cross-domain-policies',
];

describe("Socket.IO's HTTP answers carry the app's security headers", function () {
  this.timeout(30_000);
  let server: TestServer;
  let expected: Record<string, string | null>;

  before(async () => {
    server = await startTestServer();
    const api = await fetch(`${server.url}/api/health`);
    expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, api.headers.get(name)]));
    expect(expected['x-content-type-options']).to.equal('nosniff');
  });

  after(() => server.close());

  const polling = (query: string, init: RequestInit = {}) =>
    fetch(`${server.url}/socket.io/?EIO=4&transport=polling${query}`, {
      ...init,
      headers: { origin: server.config.publicUrl, ...(init.headers as Record<string, string> | undefined) },
    });

  function headersOf(response: Response): Record<string, string | null> {
    return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers.get(name)]));
  }

  it('on the long-polling handshake, the polls and posts of a session', async () => {
    const handshake = await polling('');
    expect(handshake.status).to.equal(200);
    expect(headersOf(handshake)).to.deep.equal(expected);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };

    const post = await polling(`&sid=${sid}`, { method: 'POST', body: '40', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(post.status).to.equal(200);
    expect(headersOf(post)).to.deep.equal(expected);
    const poll = await polling(`&sid=${sid}`);
    expect(poll.status).to.equal(200);
    expect(await poll.text()).to.match(/^40/);
    expect(headersOf(poll)).to.deep.equal(expected);
    expect(poll.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
  });

  it('on refusals: an unknown session and a foreign origin', async () => {
    const unknown = await polling('&sid=nope');
    expect(unknown.status).to.equal(400);
    expect(headersOf(unknown)).to.deep.equal(expected);
    const foreign = await polling('', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).to.equal(403);
    expect(headersOf(foreign)).to.deep.equal(expected);
  });
});
