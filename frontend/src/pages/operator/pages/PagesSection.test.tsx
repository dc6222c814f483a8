import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { AdminContentPageDto } from '../../../../../common/content';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from '../testing/console';

/** The console's site pages section against a real HTTP test API (see OperatorPage.test.tsx). */
let m: Awaited<ReturnType<typeof loadConsole>>;
let api: TestApi;

const texts = (lang: string) => ({ title: `${lang} about`, description: `${lang} description`, body: `## ${lang} heading\n\nSome text.` });
const aboutUs: AdminContentPageDto = { key: 'aboutUs', texts: { ru: texts('ru'), en: texts('en') }, updatedAt: '2026-11-01T10:00:00.000Z', terms: null };
const terms: AdminContentPageDto = {
  key: 'terms',
  texts: { ru: { ...texts('ru'), body: '## Стороны' }, en: { ...texts('en'), body: '## Parties' } },
  updatedAt: '2026-11-01T10:00:00.000Z',
  terms: { current: 1, versions: [{ version: 1, publishedAt: '2026-10-01T10:00:00.000Z', scheduled: false }] },
};

describe('console: site pages section', () => {
  before(async () => {
    m = await loadConsole();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /admin/content/pages/aboutUs': ok(aboutUs),
      'GET /admin/content/pages/terms': ok(terms),
      'PUT /admin/content/pages/aboutUs': ({ body }) => ok({ ...aboutUs, texts: body, updatedAt: '2026-11-02T10:00:00.000Z' }),
      'POST /admin/content/terms': ok({ version: 2, publishedAt: '2026-12-01T09:00:00.000Z', scheduled: true }),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: staffUser('admin'), known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('is linked for admins only', async () => {
    await renderConsoleSection(m, 'pages');
    const nav = () => screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.include('Site pages');
    cleanup();
    m.useSessionStore.setState({ user: staffUser('operator'), known: true });
    await renderConsoleSection(m, 'orders');
    expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).to.not.include('Site pages');
  });

  it('edits both languages with a live preview and saves them', async () => {
    await renderConsoleSection(m, 'pages');
    const title = await screen.findByTestId('pages-en-title');
    expect((title as HTMLInputElement).value).to.equal('en about');
    const preview = await screen.findByTestId('pages-en-body-preview');
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).to.equal('en heading');
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    const body = screen.getByTestId('pages-en-body');
    await userEvent.clear(body);
    await userEvent.type(body, 'A **bold** word <b>raw</b>');
    await waitFor(() => expect(within(screen.getByTestId('pages-en-body-preview')).getByText('bold').tagName).to.equal('STRONG'));
    expect(screen.getByTestId('pages-en-body-preview').querySelector('b')).to.equal(null);
    await userEvent.click(screen.getByTestId('pages-save'));
    await screen.findByTestId('pages-saved');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).to.equal('/admin/content/pages/aboutUs');
    expect(put?.body).to.deep.equal({ ru: texts('ru'), en: { title: 'New title', description: 'en description', body: 'A **bold** word <b>raw</b>' } });
  });

  it('shows the server’s field messages', async () => {
    api.on('PUT /admin/content/pages/aboutUs', failure(400, 'validation_failed', 'Value is incorrect', { 'ru.title': 'This field is required' }));
    await renderConsoleSection(m, 'pages');
    await screen.findByTestId('pages-ru-title');
    await userEvent.click(screen.getByTestId('pages-save'));
    expect(await screen.findByText('This field is required')).to.exist;
  });

  it('publishes a new terms version, scheduled for a later time', async () => {
    await renderConsoleSection(m, 'pages');
    await userEvent.selectOptions(await screen.findByTestId('pages-select'), 'terms');
    expect((await screen.findByTestId('terms-current')).textContent).to.equal('Current version: 1');
    expect((screen.getByTestId('terms-en-body') as HTMLTextAreaElement).value).to.equal('## Parties');
    const at = screen.getByTestId('terms-publish-at');
    await userEvent.type(at, '2026-12-01T12:00');
    await userEvent.click(screen.getByTestId('terms-publish'));
    expect((await screen.findByTestId('terms-published')).textContent).to.include('Version 2 scheduled');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).to.deep.equal({ bodyRu: '## Стороны', bodyEn: '## Parties', publishAt: new Date('2026-12-01T12:00').toISOString() });
  });
});
