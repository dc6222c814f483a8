import type { ReactElement } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { ContentPageDto } from '../../../../common/content';
import { renderMarkdown } from '../../../../common/markdown';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';

/** A content page against a real HTTP test API: what the server renders is what the page shows. */
async function load() {
  const [terms, faq, cash, client, queryClient, query, wouter] = await Promise.all([
    import('../terms'),
    import('../faq'),
    import('../cash'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('wouter'),
    import('../../../test/i18n'),
  ]);
  return { TermsPage: terms.default, FaqPage: faq.default, CashPage: cash.default, ...client, ...queryClient, ...query, Router: wouter.Router };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

function dto(overrides: Partial<ContentPageDto>): ContentPageDto {
  return { key: 'aboutUs', lang: 'en', title: 'Title', description: 'Description', html: '', updatedAt: '2026-11-01T10:00:00.000Z', faq: null, terms: null, cash: null, ...overrides };
}

const termsV2 = dto({
  key: 'terms',
  title: 'Terms of use',
  description: 'The terms you accept',
  html: renderMarkdown('## 1. General provisions and parties\n\nThe **Service** and the Client.\n\n<script>alert(1)</script>'),
  terms: { version: 2, publishedAt: '2026-11-10T10:00:00.000Z', current: 2, versions: [{ version: 2, publishedAt: '2026-11-10T10:00:00.000Z' }, { version: 1, publishedAt: '2026-10-01T10:00:00.000Z' }] },
});
const termsV1 = dto({ ...termsV2, html: renderMarkdown('## Old parties\n\nOld text.'), terms: { ...termsV2.terms!, version: 1, publishedAt: '2026-10-01T10:00:00.000Z' } });

async function renderAt(path: string, Page: () => ReactElement) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Router>
          <Page />
        </m.Router>
      </m.QueryClientProvider>,
    );
  });
}

describe('content pages', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /content/pages/terms': ({ query }) => ok(query.get('version') === '1' ? termsV1 : termsV2),
    });
    m.setApiBase(api.base);
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    await api.close();
  });

  it('shows the terms from the server with their version, raw HTML as text, and opens an earlier version', async () => {
    await renderAt('/terms', m.TermsPage);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Terms of use');
    expect(screen.getByText('The terms you accept')).to.exist;
    expect(screen.getByTestId('terms-version').textContent).to.equal('Version 2 of November 10, 2026 · current');
    expect(screen.getByRole('heading', { level: 2, name: '1. General provisions and parties' })).to.exist;
    expect(document.querySelector('.content-page__body script')).to.equal(null);
    expect(document.querySelector('.content-page__body')!.textContent).to.include('<script>alert(1)</script>');
    expect(api.requests.find((request) => request.path === '/content/pages/terms')?.query).to.equal('lang=en');
    cleanup();

    await renderAt('/terms?version=1', m.TermsPage);
    await screen.findByRole('heading', { level: 2, name: 'Old parties' });
    expect(screen.getByRole('note').textContent).to.include('The current one is version 2');
    expect(screen.getByRole('link', { name: 'Read the current version' }).getAttribute('href')).to.equal('/terms');
    const versions = within(screen.getByRole('navigation', { name: 'All versions' }));
    expect(versions.getByRole('link').getAttribute('href')).to.equal('/terms');
    expect(api.requests.at(-1)?.query).to.equal('lang=en&version=1');
  });

  it('lists the FAQ as questions that open their answers', async () => {
    api.on('GET /content/pages/faq', ok(dto({ key: 'faq', title: 'FAQ', html: renderMarkdown('Ask us.'), faq: [{ question: 'Do I need an account?', html: renderMarkdown('No, an **email** is enough.'), text: 'No, an email is enough.' }] })));
    await renderAt('/faq', m.FaqPage);
    const question = await screen.findByText('Do I need an account?');
    await userEvent.click(question);
    expect(question.closest('details')!.open).to.equal(true);
    expect(question.closest('details')!.querySelector('strong')!.textContent).to.equal('email');
  });

  it('shows the cash cities, and says so when there are none', async () => {
    const cash = dto({ key: 'cash', title: 'Cash exchange', html: renderMarkdown('Visit us.'), cash: [{ city: 'MSK', name: 'Moscow', currencies: [{ code: 'CASHRUBMSK', currency: 'RUB' }, { code: 'CASHUSDMSK', currency: 'USD' }] }] });
    api.on('GET /content/pages/cash', ok(cash));
    await renderAt('/cash', m.CashPage);
    const city = await screen.findByText('Moscow');
    expect(city.closest('li')!.textContent).to.include('Currencies: RUB, USD');
    cleanup();
    api.on('GET /content/pages/cash', ok({ ...cash, cash: [] }));
    await renderAt('/cash', m.CashPage);
    expect(await screen.findByText('Cash exchange is not available in any city right now.')).to.exist;
  });

  it('says when the page cannot be loaded and loads it on retry', async () => {
    api.on('GET /content/pages/terms', failure(500, 'internal_error', 'Server request error'));
    await renderAt('/terms', m.TermsPage);
    expect((await screen.findByRole('alert')).textContent).to.include('Could not load the page');
    api.on('GET /content/pages/terms', ok(termsV2));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Terms of use'));
  });

  it('says when a page has no text yet', async () => {
    api.on('GET /content/pages/faq', ok(dto({ key: 'faq', title: 'FAQ', html: '', faq: [] })));
    await renderAt('/faq', m.FaqPage);
    expect(await screen.findByText('This page has no text yet.')).to.exist;
  });
});
