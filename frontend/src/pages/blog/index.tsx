/** `/blog`: published posts in the interface language, newest first, a page at a time. */
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang } from '../../../../common/api';
import type { BlogCardDto } from '../../../../common/blog';
import { postDate, useBlogList } from '../../blog/api';
import { LoadFailed } from '../../blog/LoadFailed';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';
import { PageLoader } from '../../layout/PageLoader';
import '../../blog/blog.css';

export default function BlogPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const list = useBlogList(lang);
  let content;
  if (list.isPending) content = <PageLoader />;
  else if (list.isError) content = <LoadFailed error={list.error} retry={() => void list.refetch()} />;
  else {
    const posts = list.data.pages.flatMap((page) => page.posts);
    content =
      posts.length === 0 ? (
        <p className="blog-empty" data-testid="blog-empty">
          {t('blog.empty')}
        </p>
      ) : (
        <>
          <ul className="blog-cards" data-testid="blog-cards">
            {posts.map((post) => (
              <BlogCard key={post.id} post={post} lang={lang} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="page-actions">
              <Button variant="ghost" color="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? t('blog.loading') : t('blog.more')}
              </Button>
            </div>
          )}
          {list.isFetchNextPageError && (
            <p className="order-notice order-notice--error" role="alert">
              {t('blog.loadError')}
            </p>
          )}
        </>
      );
  }
  return (
    <div className="container page">
      <PageHeader name="blog" />
      {content}
    </div>
  );
}

function BlogCard({ post, lang }: { post: BlogCardDto; lang: string }) {
  const href = `/blog/${post.slug}`;
  return (
    <li className="blog-card" data-testid={`blog-card-${post.id}`}>
      {post.image ? (
        <img className="blog-card__cover" src={post.image.url} alt={post.image.alt} loading="lazy" width={640} height={360} />
      ) : (
        <div className="blog-card__cover blog-card__cover--blank" aria-hidden="true" />
      )}
      <div className="blog-card__text">
        <time className="blog-card__date" dateTime={post.publishedAt}>
          {postDate(post.publishedAt, lang)}
        </time>
        <h2 className="blog-card__title">
          <a href={href}>{post.title}</a>
        </h2>
        <p className="blog-card__description">{post.description}</p>
      </div>
    </li>
  );
}
