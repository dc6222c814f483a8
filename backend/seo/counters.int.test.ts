import { expect } from 'chai';
import type { PublicConfig } from '../../common/api';
import { startTestServer, type TestServer } from '../test/server';

/** The CSP's directives as lists of sources. */
function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const EXTERNAL = /^(?:https?|wss):\/\//;
const externalHosts = (csp: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(csp).map(([name, values]) => [name, values.filter((value) => EXTERNAL.test(value))]).filter(([, values]) => values.length > 0));

async function withServer(env: Record<string, string>, check: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(env);
  try {
    await check(server);
  } finally {
    await server.close();
  }
}

async function read(server: TestServer) {
  const page = await fetch(`${server.url}/`);
  const config = ((await (await fetch(`${server.url}/api/config`)).json()) as { data: PublicConfig }).data;
  return { csp: directives(page.headers.get('content-security-policy')), config };
}

const METRICA_HOSTS = {
  'script-src': ['https://mc.yandex.ru'],
  'connect-src': ['https://mc.yandex.ru'],
  'img-src': ['https://mc.yandex.ru'],
  'frame-src': ['https://mc.yandex.ru'],
};
const JIVO_HOSTS = {
  'script-src': ['https://code.jivosite.com', 'https://*.jivosite.com'],
  'connect-src': ['https://*.jivosite.com', 'wss://*.jivosite.com'],
  'img-src': ['https://*.jivosite.com'],
  'frame-src': ['https://*.jivosite.com'],
  'style-src': ['https://*.jivosite.com'],
  'font-src': ['https://*.jivosite.com'],
};

describe('the counters: public config and CSP', () => {
  it('names no third-party host and gives no ids when neither is configured', async () => {
    await withServer({}, async (server) => {
      const { csp, config } = await read(server);
      expect(externalHosts(csp)).to.deep.equal({});
      expect(csp['frame-src']).to.deep.equal(["'none'"]);
      expect([config.analyticsId, config.chatWidgetId, config.chatWidgetProvider]).to.deep.equal([null, null, null]);
    });
  });

  it('with ANALYTICS_ID names Metrica hosts only and delivers the id', async () => {
    await withServer({ ANALYTICS_ID: '98765432' }, async (server) => {
      const { csp, config } = await read(server);
      expect(externalHosts(csp)).to.deep.equal(METRICA_HOSTS);
      expect([config.analyticsId, config.chatWidgetId, config.chatWidgetProvider]).to.deep.equal(['98765432', null, null]);
    });
  });

  it('with CHAT_WIDGET_ID names the JivoChat hosts only (the default provider) and delivers id and provider', async () => {
    await withServer({ CHAT_WIDGET_ID: 'AbC123xyz' }, async (server) => {
      const { csp, config } = await read(server);
      expect(externalHosts(csp)).to.deep.equal(JIVO_HOSTS);
      expect([config.analyticsId, config.chatWidgetId, config.chatWidgetProvider]).to.deep.equal([null, 'AbC123xyz', 'jivo']);
    });
  });

  it('with both (and captcha) names each one exactly, on the API and error answers too', async () => {
    await withServer({ ANALYTICS_ID: '1', CHAT_WIDGET_ID: 'w1', CHAT_WIDGET_PROVIDER: 'jivo', RECAPTCHA_V2_SITE_KEY: 'site', RECAPTCHA_V2_SECRET: 'secret' }, async (server) => {
      const { csp } = await read(server);
      expect(csp['script-src']).to.deep.equal(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://mc.yandex.ru', 'https://code.jivosite.com', 'https://*.jivosite.com']);
      expect(csp['frame-src']).to.deep.equal(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://mc.yandex.ru', 'https://*.jivosite.com']);
      const error = directives((await fetch(`${server.url}/api/no-such-endpoint`)).headers.get('content-security-policy'));
      expect(error['connect-src']).to.deep.equal(["'self'", 'https://www.google.com/recaptcha/', 'https://mc.yandex.ru', 'https://*.jivosite.com', 'wss://*.jivosite.com']);
    });
  });

  it('refuses an unknown chat widget provider at start-up', async () => {
    let failure: unknown;
    try {
      await withServer({ CHAT_WIDGET_ID: 'w1', CHAT_WIDGET_PROVIDER: 'talkto' }, async () => undefined);
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.match(/CHAT_WIDGET_PROVIDER/);
  });
});
