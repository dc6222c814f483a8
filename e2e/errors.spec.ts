import { expect } from 'chai';
import type { PublicConfig } from '../common/api';
import { expectDocumentTitle, expectLocation, headingText, isSameDocument, markDocument } from './expectations';
import { baseUrl, newPage } from './setup';
import { documentTitle, text } from './texts';

const UNKNOWN_PATH = '/no/such/page';
const HOME_TITLE = documentTitle('en', text('en', 'pages.home.title'));

describe('404 page', () => {
  it('answers an unknown path with HTTP 404', async () => {
    const response = await fetch(new URL(UNKNOWN_PATH, baseUrl()));
    expect(response.status).to.equal(404);
  });

  it('shows "Page not found: {path}" with the not-found title and text', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).to.equal(404);
    expect(await page.getByTestId('not-found-message').textContent()).to.equal(`Page not found: ${UNKNOWN_PATH}`);
    expect(await headingText(page)).to.equal(text('en', 'error.page_not_found_title'));
    expect(await page.getByText(text('en', 'error.page_not_found_text')).isVisible()).to.equal(true);
    probe.expectNoProblems([`GET ${UNKNOWN_PATH} → 404`]);
  });

  for (const button of ['return', 'to_main'] as const) {
    it(`goes to / with the "${text('en', `error.${button}`)}" button`, async () => {
      const { page, probe } = await newPage({ lang: 'en' });
      await page.goto(UNKNOWN_PATH);
      await page.getByRole('link', { name: text('en', `error.${button}`), exact: true }).click();
      await expectLocation(page, '/');
      await expectDocumentTitle(page, HOME_TITLE);
      probe.expectNoProblems([`GET ${UNKNOWN_PATH} → 404`]);
    });
  }

  it('is shown for an unknown path reached inside the app', async () => {
    const { page, probe } = await newPage({ lang: 'en' });
    await page.goto('/');
    await expectDocumentTitle(page, HOME_TITLE);
    await markDocument(page);
    await page.evaluate((to) => window.history.pushState(null, '', to), UNKNOWN_PATH);
    expect(await page.getByTestId('not-found-message').textContent()).to.equal(`Page not found: ${UNKNOWN_PATH}`);
    expect(await isSameDocument(page), 'the same document').to.equal(true);
    probe.expectNoProblems();
  });
});

describe('500 page', () => {
  async function simulateFailure() {
    const app = await newPage({ lang: 'en' });
    await app.page.goto('/test');
    await expectDocumentTitle(app.page, documentTitle('en', text('en', 'pages.test.title')));
    await app.page.getByRole('button', { name: /simulate a failure/i }).click();
    await expectDocumentTitle(app.page, documentTitle('en', text('en', 'error.server_title')));
    return app;
  }

  it('replaces a page that fails to render, keeping the layout', async () => {
    const { page } = await simulateFailure();
    expect(await headingText(page)).to.equal(text('en', 'error.server_title'));
    expect(await page.getByText(text('en', 'error.server_text')).isVisible()).to.equal(true);
    expect(await page.locator('.site-header').isVisible(), 'header').to.equal(true);
    expect(await page.locator('footer').first().isVisible(), 'footer').to.equal(true);
  });

  it('logs nothing but the simulated failure', async () => {
    const { probe } = await simulateFailure();
    expect(probe.consoleErrors.filter((line) => !/simulat/i.test(line))).to.deep.equal([]);
    expect(probe.failedRequests).to.deep.equal([]);
    expect(probe.externalRequests).to.deep.equal([]);
  });

  it('offers the support messenger link of the public configuration in a new tab', async () => {
    const { page } = await simulateFailure();
    const config = (await (await fetch(new URL('/api/config', baseUrl()))).json()) as { data: PublicConfig };
    const support = page.getByRole('link', { name: text('en', 'error.support'), exact: true });
    expect(await support.getAttribute('href')).to.equal(config.data.supportUrl);
    expect(await support.getAttribute('target')).to.equal('_blank');
  });

  it('goes to / with the "To main" button', async () => {
    const { page } = await simulateFailure();
    await page.getByRole('link', { name: text('en', 'error.to_main'), exact: true }).click();
    await expectLocation(page, '/');
    await expectDocumentTitle(page, HOME_TITLE);
  });
});
