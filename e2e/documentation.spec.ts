/**
 * Issue 15, the partner API's documentation at 1280 and 375 px: the signing steps, each of the four
 * examples (curl, Node.js, Python, PHP) without sideways scroll, and the methods section (the list
 * read from the OpenAPI document, or its error with a retry while the server has none); no serious or
 * critical axe violation.
 * Screenshots: /tmp/shots/documentation-<language>-<lang>-<width>.png.
 */
import { expect } from 'chai';
import { PARTNER_API_METHODS } from '../common/partnerApi';
import { describeViolations, seriousViolations } from './axe';
import { MOBILE, newPage } from './setup';
import { shoot } from './shots';
import { text } from './texts';

describe('partner API documentation (/documentation)', () => {
  for (const LANG of ['en', 'ru'] as const) {
    it(`shows the signing steps, the methods section and every example without sideways scroll (${LANG})`, async function () {
      this.timeout(90_000);
      const { page } = await newPage({ viewport: MOBILE, lang: LANG });
      const found: string[] = [];
      const check = (what: string) => async (width: number) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${what} at ${width} px:\n${describeViolations(violations)}`);
      };
      await page.goto('/documentation');
      await page.getByTestId('doc-steps').waitFor({ state: 'visible' });
      expect(await page.getByTestId('doc-steps').locator('li').count()).to.equal(4);
      // The methods come from the server's OpenAPI document: every method of the contract.
      await page.getByTestId('doc-methods').waitFor({ state: 'visible' });
      const methods = (await page.getByTestId('doc-methods').textContent()) ?? '';
      for (const method of PARTNER_API_METHODS) expect(methods, method).to.contain(method);
      // In the visitor's language (the server's document for ?lang=), with each method's example answer and error meanings.
      const rate = page.getByTestId('doc-method-rate');
      expect(await rate.getByRole('heading', { level: 3 }).textContent()).to.contain(text(LANG, 'apiDocs.methods.rate.summary'));
      expect(await rate.locator('pre').textContent()).to.contain('"quoteId"');
      expect(await page.getByTestId('doc-method-order_cancel').textContent()).to.contain(text(LANG, 'apiDocs.errors.not_cancellable'));
      const tabs = page.getByRole('tablist', { name: text(LANG, 'pages.documentation.examples.tabsLabel') });
      for (const name of ['curl', 'Node.js', 'Python', 'PHP']) {
        await tabs.getByRole('tab', { name }).click();
        expect(await tabs.getByRole('tab', { name }).getAttribute('aria-selected')).to.equal('true');
        await shoot(page, `documentation-${name.replace('.', '')}-${LANG}`, check(`documentation-${name.replace('.', '')}-${LANG}`));
      }
      expect(found).to.deep.equal([]);
    });
  }
});
