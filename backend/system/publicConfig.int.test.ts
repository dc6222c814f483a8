import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { PublicConfig } from '../../common/api';
import { startTestServer, type TestServer } from '../test/server';

describe('GET /api/config', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({
      PUBLIC_URL: 'https://exchanger.example',
      SUPPORT_URL: 'https://t.me/test_support',
      RECAPTCHA_V2_SITE_KEY: 'site-key-v2',
      RECAPTCHA_V2_SECRET: 'secret-v2-never-public',
    });
  });

  after(async () => {
    await server.close();
  });

  it('answers the public configuration with the served build id and no secrets', async () => {
    const manifest = JSON.parse(await readFile(path.join(server.config.staticDir, 'builds', 'latest.json'), 'utf8'));
    const response = await fetch(`${server.url}/api/config`);
    expect(response.status).to.equal(200);
    const body = (await response.json()) as { success: true; data: PublicConfig };
    expect(body.data).to.deep.equal({
      publicUrl: 'https://exchanger.example',
      buildId: manifest.buildId,
      supportUrl: 'https://t.me/test_support',
      analyticsId: null,
      chatWidgetId: null,
      chatWidgetProvider: null,
      recaptchaV2SiteKey: 'site-key-v2',
      recaptchaV3SiteKey: null,
      maintenance: false,
    });
    expect(JSON.stringify(body)).not.to.include('secret-v2-never-public');
  });
});
