import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { BlogCardDto, BlogPostDto } from '../../../../common/blog';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';

/** /blog and /blog/{id} against a real HTTP test API. */
async function load() {
  const [list, post, client, queryClient, query] = await Promise.all([
    import('./index'),
    import('../blogPost/index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  return { BlogPage: list.default, BlogPostPage: post.default, ...client, ...queryClient, ...query };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const card = (id: number, extra: Partial<BlogCardDto> = {}): BlogCardDto => ({
  id,
  slug: `post-${id}`,
  lang: 'en',
  title: `Post ${id}`,
  description: `About post ${id}`,
  image: null,
  publishedAt: `2026-11-0${id}T09:00:00.000Z`,
  ...extra,
});

async function show(element: React.ReactElement) {
  await act(async () => {
    render(<m.QueryClientProvider client={m.createQueryClient()}>{element}</m.QueryClientProvider>);
  });
}

describe('blog pages', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi();
    m.setApiBase(api.base);
  });

  afterEach(async () => {
    m.setApiBase('/api');
    await api.close();
  });

  it('lists posts with cover, title, description and date, and loads the next page by cursor', async () => {
    api.on('GET /blog/posts', ({ query }) =>
      query.get('cursor') === 'c1'
        ? ok({ posts: [card(1)], nextCursor: null })
        : ok({ posts: [card(3, { image: { url: '/api/blog/images/abc.jpg', alt: 'A chart' } }), card(2)], nextCursor: 'c1' }),
    );
    await show(<m.BlogPage />);
    const cards = await screen.findByTestId('blog-cards');
    expect(within(cards).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).to.deep.equal(['Post 3', 'Post 2']);
    const first = screen.getByTestId('blog-card-3');
    expect(within(first).getByRole('link', { name: 'Post 3' }).getAttribute('href')).to.equal('/blog/post-3');
    expect(within(first).getByRole('img', { name: 'A chart' }).getAttribute('src')).to.equal('/api/blog/images/abc.jpg');
    expect(first.textContent).to.include('About post 3').and.include('3 November 2026');
    expect(api.requests[0]!.query).to.equal('lang=en');
    await userEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).to.deep.equal(['Post 3', 'Post 2', 'Post 1']));
    expect(api.requests.at(-1)!.query).to.equal('lang=en&cursor=c1');
    expect(screen.queryByRole('button', { name: 'Show more posts' })).to.equal(null);
    expect(document.title).to.match(/^Blog — /);
  });

  it('says when there are no posts yet', async () => {
    api.on('GET /blog/posts', ok({ posts: [], nextCursor: null }));
    await show(<m.BlogPage />);
    expect((await screen.findByTestId('blog-empty')).textContent).to.equal('No posts yet. Come back soon.');
  });

  it('shows a failed load with a retry that loads again', async () => {
    let calls = 0;
    api.on('GET /blog/posts', () => (++calls === 1 ? failure(503, 'service_unavailable', 'Try later please') : ok({ posts: [card(1)], nextCursor: null })));
    await show(<m.BlogPage />);
    expect((await screen.findByRole('alert')).textContent).to.include('Try later please');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Post 1' })).to.exist;
  });

  it('shows a post: its title as the document title, date, cover and the server-rendered body', async () => {
    const post: BlogPostDto = {
      ...card(4, { image: { url: '/api/blog/images/def.png', alt: 'Cover alt' } }),
      html: '<h2>Section</h2><p>Read <a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">this</a></p>',
      updatedAt: '2026-11-05T09:00:00.000Z',
      languages: ['ru', 'en'],
    };
    api.on('GET /blog/posts/post-4', ok(post));
    await show(<m.BlogPostPage params={{ id: 'post-4' }} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Post 4');
    expect(document.title).to.match(/^Post 4 — /);
    const body = screen.getByTestId('blog-post-body');
    expect(within(body).getByRole('heading', { level: 2 }).textContent).to.equal('Section');
    expect(within(body).getByRole('link', { name: 'this' }).getAttribute('rel')).to.equal('nofollow noopener noreferrer');
    expect(screen.getByRole('img', { name: 'Cover alt' }).getAttribute('src')).to.equal('/api/blog/images/def.png');
    expect(screen.getByTestId('blog-post').textContent).to.include('4 November 2026');
    expect(screen.queryByTestId('blog-language-note')).to.equal(null);
    expect(api.requests[0]!.query).to.equal('lang=en');
  });

  it('notes when the post is shown in its other language', async () => {
    api.on('GET /blog/posts/7', ok({ ...card(7, { lang: 'ru', title: 'Запись' }), html: '<p>Текст</p>', updatedAt: '2026-11-07T09:00:00.000Z', languages: ['ru'] }));
    await show(<m.BlogPostPage params={{ id: '7' }} />);
    expect((await screen.findByTestId('blog-language-note')).textContent).to.equal('This post is available in Russian only.');
    expect(screen.getByTestId('blog-post').getAttribute('lang')).to.equal('ru');
  });

  it('shows not found for a missing or unpublished post, with the way back', async () => {
    await show(<m.BlogPostPage params={{ id: 'missing' }} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Post not found');
    expect(document.title).to.match(/^Post not found — /);
    expect(screen.getByRole('link', { name: 'All articles' }).getAttribute('href')).to.equal('/blog');
  });

  it('shows a failed post load with a retry', async () => {
    let calls = 0;
    api.on('GET /blog/posts/8', () => (++calls === 1 ? failure(500, 'internal_error', 'Server trouble') : ok({ ...card(8), html: '<p>x</p>', updatedAt: card(8).publishedAt, languages: ['en'] })));
    await show(<m.BlogPostPage params={{ id: '8' }} />);
    expect((await screen.findByRole('alert')).textContent).to.include('Server trouble');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).to.equal('Post 8');
  });
});
