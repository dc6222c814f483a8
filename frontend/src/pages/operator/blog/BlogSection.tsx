/**
 * `/operator/blog` (operators and admins): every post with its state (draft, scheduled,
 * published), publish / unpublish, delete after a confirmation, and the editor (both language
 * versions, Markdown with a live preview, status and date, the cover upload with progress).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffBlogListDto, StaffBlogPostDto } from '../../../../../common/blog';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { ConfirmedAction } from '../ConfirmBar';
import { BLOG_KEY, requestOf } from './api';
import { BlogEditor } from './BlogEditor';
import '../operator.css';
import './blog.css';


export default function BlogSection() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<StaffBlogPostDto | 'new' | null>(null);
  const list = useQuery({ queryKey: BLOG_KEY, queryFn: () => api.get<StaffBlogListDto>('/operator/blog/posts') });
  if (editing) {
    return (
      <section className="console-blog" aria-label={t('blog.console.title')} data-testid="console-blog">
        <BlogEditor post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      </section>
    );
  }
  return (
    <section className="console-blog" aria-label={t('blog.console.title')} data-testid="console-blog">
      <p>{t('blog.console.intro')}</p>
      <div className="page-actions">
        <Button onClick={() => setEditing('new')}>{t('blog.console.new')}</Button>
      </div>
      {list.isPending ? (
        <p>{t('blog.console.loading')}</p>
      ) : list.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {list.error instanceof ApiError ? list.error.message : t('blog.loadError')}
        </p>
      ) : list.data.posts.length === 0 ? (
        <p className="operator-muted" data-testid="console-blog-empty">{t('blog.console.empty')}</p>
      ) : (
        <ul className="console-blog__list" data-testid="console-blog-posts">
          {list.data.posts.map((post) => (
            <PostRow key={post.id} post={post} onEdit={() => setEditing(post)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PostRow({ post, onEdit }: { post: StaffBlogPostDto; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: BLOG_KEY });
  const toggle = useMutation({
    mutationFn: () => api.put<StaffBlogPostDto>(`/operator/blog/posts/${post.id}`, requestOf(post, post.status === 'published' ? 'draft' : 'published')),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => api.delete<null>(`/operator/blog/posts/${post.id}`), onSuccess: refresh });
  const title = (i18n.language === 'en' ? post.en.title || post.ru.title : post.ru.title || post.en.title) || t('blog.console.untitled');
  const failed = toggle.error ?? null;
  return (
    <li className="console-blog__post" data-testid={`console-blog-post-${post.id}`}>
      <span className={`console-blog__state console-blog__state--${post.state}`}>{t(`blog.console.states.${post.state}`)}</span>
      <strong className="console-blog__title">{title}</strong>
      <code>/blog/{post.slug}</code>
      {post.publishedAt ? <time dateTime={post.publishedAt}>{new Date(post.publishedAt).toLocaleString(i18n.language)}</time> : <span />}
      <span className="console-blog__actions">
        <Button variant="ghost" onClick={onEdit}>
          {t('blog.console.edit')}
        </Button>
        <Button variant="ghost" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {post.status === 'published' ? t('blog.console.unpublish') : t('blog.console.publish')}
        </Button>
        <ConfirmedAction
          label={t('blog.console.delete')}
          question={t('blog.console.confirmDelete')}
          confirmLabel={t('blog.console.confirm')}
          cancelLabel={t('blog.console.cancel')}
          onConfirm={() => remove.mutate()}
          busy={remove.isPending}
          error={remove.isError ? (remove.error instanceof ApiError ? remove.error.message : t('blog.loadError')) : null}
        />
      </span>
      {failed && (
        <p className="order-notice order-notice--error" role="alert">
          {failed instanceof ApiError ? failed.message : t('blog.loadError')}
        </p>
      )}
    </li>
  );
}
