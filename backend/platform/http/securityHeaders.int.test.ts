import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/server';

/** A script of the build, as a page loads it. */
async function builtScript(server: TestServer): Promise<Response> {
  const [script] = (await readdir(path.join(server.config.staticDir, 'assets'))).filter((name) => name.endsWith('.js'));
  return fetch(`${server.url}/assets/${script}`);
}

/** The headers that only mean something on a document. */
const DOCUMENT_HEADERS = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  it('sends a Content-Security-Policy without inline scripts and with base-uri, frame-ancestors and object-src none', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).to.equal("'self'");
    expect(csp.get('script-src')).to.equal("'self'");
    expect(csp.get('base-uri')).to.equal("'none'");
    expect(csp.get('frame-ancestors')).to.equal("'none'");
    expect(csp.get('object-src')).to.equal("'none'");
    expect(csp.get('frame-src')).to.equal("'none'");
  });

  it('allows reCAPTCHA script and frames only when captcha keys are configured', async () => {
    const withCaptcha = await startTestServer({ RECAPTCHA_V2_SITE_KEY: 'site-key', RECAPTCHA_V2_SECRET: 'secret' });
    try {
      const csp = directives((await fetch(`${withCaptcha.url}/`)).headers.get('content-security-policy'));
      expect(csp.get('script-src')?.split(' ')).to.include.members(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
      expect(csp.get('frame-src')?.split(' ')).to.include('https://www.google.com/recaptcha/');
    } finally {
      await withCaptcha.close();
    }
  });

  it('forbids framing, sniffing and referrers on pages', async () => {
    const response = await fetch(`${server.url}/faq`);
    expect(response.headers.get('x-frame-options')).to.equal('DENY');
    expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(response.headers.get('referrer-policy')).to.equal('no-referrer');
  });

  it('sends the same headers on error answers', async () => {
    const response = await fetch(`${server.url}/api/no-such-endpoint`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it("sends a build's file what applies to it (no sniffing, same-origin only) and none of a document's headers, varying by coding alone", async () => {
    const page = await fetch(`${server.url}/`);
    for (const header of DOCUMENT_HEADERS) expect(page.headers.get(header), `${header} on the page`).to.be.a('string');
    const script = await builtScript(server);
    expect(script.status).to.equal(200);
    expect(script.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).to.equal('same-origin');
    for (const header of DOCUMENT_HEADERS) expect(script.headers.get(header), header).to.equal(null);
    expect(script.headers.get('vary')).to.equal('Accept-Encoding');
  });

  it('does not announce HSTS on a plain-http deployment', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('strict-transport-security')).to.equal(null);
  });
});

describe('security headers behind https', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://exchanger.example' });
  });

  after(async () => {
    await server.close();
  });

  it('announces HSTS and upgrades insecure requests when PUBLIC_URL is https', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('strict-transport-security')).to.match(/max-age=\d+/);
    expect(directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests')).to.equal(true);
    expect((await builtScript(server)).headers.get('strict-transport-security')).to.equal(response.headers.get('strict-transport-security'));
  });
});
