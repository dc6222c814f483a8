import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './server';

export interface TestSiteverify {
  url: string;
  /** Every form it was sent, oldest first. */
  seen: URLSearchParams[];
  close(): Promise<void>;
}

/** The secret a test server configures as RECAPTCHA_V2_SECRET for this siteverify. */
export const SITEVERIFY_SECRET = 'v2-secret';
/** The only answer it accepts. */
export const HUMAN_TOKEN = 'human';

/** A local siteverify speaking reCAPTCHA's protocol: only the token `human` with the secret `v2-secret` passes. */
export async function startSiteverify(): Promise<TestSiteverify> {
  const seen: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push(form);
      const ok = form.get('secret') === SITEVERIFY_SECRET && form.get('response') === HUMAN_TOKEN;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The environment of a test server whose v2 captcha asks `siteverify`. */
export function captchaEnv(siteverify: Pick<TestSiteverify, 'url'>): Record<string, string> {
  return { RECAPTCHA_V2_SITE_KEY: 'v2-site', RECAPTCHA_V2_SECRET: SITEVERIFY_SECRET, RECAPTCHA_VERIFY_URL: siteverify.url };
}

/**
 * Inside a describe: a local siteverify and a test server whose v2 captcha asks it, started before
 * the block's tests and closed after them. The returned function gives both.
 */
export function useCaptchaServer(): () => { server: TestServer; siteverify: TestSiteverify } {
  let siteverify: TestSiteverify | undefined;
  let server: TestServer | undefined;
  before(async () => {
    siteverify = await startSiteverify();
    server = await startTestServer(captchaEnv(siteverify));
  });
  after(async () => {
    await server?.close();
    await siteverify?.close();
  });
  return () => {
    if (!server || !siteverify) throw new Error('the captcha server is not running outside the describe block');
    return { server, siteverify };
  };
}
