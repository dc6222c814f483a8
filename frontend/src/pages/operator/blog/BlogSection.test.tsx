import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { BlogPostRequest, StaffBlogPostDto } from '../../../../../common/blog';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from '../testing/console';

/** The console's blog section against a real HTTP test API. */
let m: Awaited<ReturnType<typeof loadConsole>>;
let api: TestApi;

const version = (title: string) => ({ title, description: '', body: title ? `Text of ${title}` : '', imageAlt: '' });
const post = (id: number, extra: Partial<StaffBlogPostDto> = {}): StaffBlogPostDto => ({
  id,
  slug: `post-${id}`,
  status: 'draft',
  state: 'draft',
  publishedAt: null,
  ru: version(`Запись ${id}`),
  en: version(`Post ${id}`),
  image: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...extra,
});

describe('console: blog section', () => {
  before(async () => {
    m = await loadConsole();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /operator/blog/posts': ok({
        posts: [post(3), post(2, { status: 'published', state: 'scheduled', publishedAt: '2099-01-01T09:00:00.000Z' }), post(1, { status: 'published', state: 'published', publishedAt: '2026-10-01T09:00:00.000Z' })],
        nextCursor: null,
      }),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: staffUser('operator', { id: 7 }), known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('lists drafts, scheduled and published posts for operators, and publishes and unpublishes', async () => {
    await renderConsoleSection(m, 'blog');
    const list = await screen.findByTestId('console-blog-posts');
    expect(within(list).getAllByRole('listitem').map((row) => row.querySelector('.console-blog__state')?.textContent)).to.deep.equal(['Draft', 'Scheduled', 'Published']);
    api.on('PUT /operator/blog/posts/3', ({ body }) => ok({ ...post(3), status: (body as BlogPostRequest).status, state: 'published' }));
    api.on('PUT /operator/blog/posts/1', ({ body }) => ok({ ...post(1), status: (body as BlogPostRequest).status }));
    await userEvent.click(within(screen.getByTestId('console-blog-post-3')).getByRole('button', { name: 'Publish' }));
    await userEvent.click(within(screen.getByTestId('console-blog-post-1')).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).to.have.length(2));
    const puts = api.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => [request.path, (request.body as BlogPostRequest).status])).to.deep.equal([
      ['/operator/blog/posts/3', 'published'],
      ['/operator/blog/posts/1', 'draft'],
    ]);
    expect((puts[0]!.body as BlogPostRequest).en).to.deep.equal(post(3).en);
  });

  it('deletes a post only after the confirmation', async () => {
    api.on('DELETE /operator/blog/posts/2', ok(null));
    await renderConsoleSection(m, 'blog');
    const row = await screen.findByTestId('console-blog-post-2');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(api.requests.some((request) => request.method === 'DELETE')).to.equal(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).to.deep.equal(['/operator/blog/posts/2']));
  });

  it('writes a new post in both languages with a live preview, shows field errors, then saves and allows a cover', async () => {
    await renderConsoleSection(m, 'blog');
    await userEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const form = screen.getByTestId('blog-form');
    expect(screen.getByTestId('blog-cover').textContent).to.include('Save the post first to add a cover.');
    await userEvent.type(within(form).getByLabelText(/^Address \(slug\)/), 'new-post');
    await userEvent.type(within(form).getByLabelText(/^Title/), 'Новая');
    await userEvent.type(within(form).getByLabelText(/^Text \(Markdown\)/), '## Раздел{enter}{enter}<b>raw</b> [[ссылка](https://example.com)');
    const preview = await screen.findByTestId('blog-preview');
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).to.equal('Раздел');
    expect(preview.querySelector('b')).to.equal(null);
    expect(within(preview).getByRole('link', { name: 'ссылка' }).getAttribute('rel')).to.equal('nofollow noopener noreferrer');
    await userEvent.click(within(form).getByRole('button', { name: 'English' }));
    await userEvent.type(within(form).getByLabelText(/^Title/), 'New');
    await userEvent.type(within(form).getByLabelText(/^Text \(Markdown\)/), 'Hello');
    let calls = 0;
    api.on('POST /operator/blog/posts', ({ body }) =>
      ++calls === 1
        ? failure(400, 'validation_failed', 'Check the fields', { slug: 'Invalid value' })
        : ok({ ...post(9), ...(body as BlogPostRequest), state: 'draft', image: null }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).to.equal('Invalid value');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    const sent = api.requests.filter((request) => request.method === 'POST').at(-1)!.body as BlogPostRequest;
    expect(sent).to.deep.include({ slug: 'new-post', status: 'draft', publishedAt: null });
    expect([sent.ru.title, sent.ru.body.startsWith('## Раздел'), sent.en.title, sent.en.body]).to.deep.equal(['Новая', true, 'New', 'Hello']);
    expect(screen.getByTestId('blog-cover').textContent).to.include('JPEG, PNG or WebP');
    expect(within(screen.getByTestId('blog-cover')).getByRole('button', { name: 'Choose a file' })).to.exist;
  });
});
