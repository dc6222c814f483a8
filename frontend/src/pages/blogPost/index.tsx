/**
 * `/blog/{id}`: one post (id or slug) in the interface language, or in its other language with a
 * note when it has no version in this one. The body is the server's rendering (common/markdown.ts:
 * raw HTML off, safe links with rel), set as HTML.
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang } from '../../../../common/api';
import { ApiError } from '../../api/ApiError';
import { postDate, useBlogPost } from '../../blog/api';
import { LoadFailed } from '../../blog/LoadFailed';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { PageProps } from '../../router/pageLoaders';
import '../../blog/blog.css';

export default function BlogPostPage({ params }: PageProps) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const post = useBlogPost(String(params.id ?? ''), lang);
  const notFound = post.error instanceof ApiError && post.error.status === 404;
  useDocumentTitle(post.data?.title ?? (notFound ? t('blog.notFound') : t('pages.blogPost.title')));

  const back = (
    <div className="page-actions">
      <Button href="/blog" variant="ghost" color="secondary">
        {t('pages.blogPost.back')}
      </Button>
    </div>
  );
  if (post.isPending) {
    return (
      <div className="container page">
        <PageLoader />
      </div>
    );
  }
  if (post.isError) {
    return (
      <div className="container page">
        {notFound ? (
          <header className="page-header">
            <h1 className="page-header__title">{t('blog.notFound')}</h1>
            <p className="page-header__description" data-testid="blog-not-found">
              {t('blog.notFoundText')}
            </p>
          </header>
        ) : (
          <LoadFailed error={post.error} retry={() => void post.refetch()} />
        )}
        {back}
      </div>
    );
  }
  const data = post.data;
  return (
    <div className="container page">
      <article className="blog-post" lang={data.lang} data-testid="blog-post">
        <header className="blog-post__header">
          <time className="blog-card__date" dateTime={data.publishedAt}>
            {postDate(data.publishedAt, lang)}
          </time>
          <h1 className="page-header__title">{data.title}</h1>
          {data.lang !== lang && (
            <p className="blog-post__note" lang={lang} data-testid="blog-language-note">
              {t('blog.otherLanguage', { language: t(`blog.languages.${data.lang}`) })}
            </p>
          )}
        </header>
        {data.image && <img className="blog-post__cover" src={data.image.url} alt={data.image.alt} width={1280} height={720} />}
        <div className="blog-post__body" data-testid="blog-post-body" dangerouslySetInnerHTML={{ __html: data.html }} />
      </article>
      {back}
    </div>
  );
}
