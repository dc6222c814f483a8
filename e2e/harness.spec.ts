import { expect } from 'chai';
import { expectDocumentTitle } from './expectations';
import { newPage } from './setup';
import { documentTitle, text } from './texts';

/** The probe the other specs rely on must see what it promises to see. */
describe('e2e harness', () => {
  async function loadedPage() {
    const app = await newPage({ lang: 'en' });
    await app.page.goto('/faq');
    await expectDocumentTitle(app.page, documentTitle('en', text('en', 'pages.faq.title')));
    return app;
  }

  it('records a console error and fails expectNoProblems on it', async () => {
    const { page, probe } = await loadedPage();
    await page.evaluate(() => console.error('probe check'));
    expect(probe.consoleErrors).to.deep.equal(['probe check']);
    expect(() => probe.expectNoProblems()).to.throw('console errors');
  });

  it('records an uncaught exception as a console error', async () => {
    const { page, probe } = await loadedPage();
    const uncaught = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('probe uncaught');
      });
    });
    await uncaught;
    expect(probe.consoleErrors.some((line) => line.includes('probe uncaught'))).to.equal(true);
  });

  it('records an HTTP error answer with its method, path and status', async () => {
    const { page, probe } = await loadedPage();
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/no-such-endpoint')),
      page.evaluate(() => fetch('/api/no-such-endpoint')),
    ]);
    expect(probe.failedRequests).to.include('GET /api/no-such-endpoint → 404');
  });

  it('records a request to another host, which cannot leave the machine', async () => {
    const { page, probe } = await loadedPage();
    const error = await page.goto('http://example.com/probe').then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).to.contain('ERR_NAME_NOT_RESOLVED');
    expect(probe.externalRequests).to.deep.equal(['http://example.com/probe']);
  });
});
