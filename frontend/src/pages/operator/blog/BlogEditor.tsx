/**
 * The console's post editor: slug, status, publication date, the Russian and English versions
 * (one shown at a time) with a live preview of the Markdown — rendered by common/markdown.ts,
 * loaded on demand into this chunk only — and, once the post is saved, its cover upload with
 * progress.
 */
import { useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkdownRenderer } from '../useMarkdownRenderer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGS, type Lang } from '../../../../../common/api';
import {
  BLOG_ALT_MAX,
  BLOG_BODY_MAX,
  BLOG_DESCRIPTION_MAX,
  BLOG_SLUG_MAX,
  BLOG_STATUSES,
  BLOG_TITLE_MAX,
  type BlogPostRequest,
  type BlogStatus,
  type BlogVersionDto,
  type StaffBlogPostDto,
} from '../../../../../common/blog';
import { api, apiUrl } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { ImagePicker } from '../../../orders/ImagePicker';
import { IDLE_UPLOAD, uploadFile, uploadReducer } from '../../../orders/upload';
import { BLOG_KEY, requestOf } from './api';
import '../../order/order.css';

const EMPTY_VERSION: BlogVersionDto = { title: '', description: '', body: '', imageAlt: '' };
const EMPTY: BlogPostRequest = { slug: '', status: 'draft', publishedAt: null, ru: EMPTY_VERSION, en: EMPTY_VERSION };

/** `2026-11-25T10:30` (local time) of an ISO date, for `<input type="datetime-local">`. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function BlogEditor({ post: initial, onClose }: { post: StaffBlogPostDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [post, setPost] = useState<StaffBlogPostDto | null>(initial);
  const [form, setForm] = useState<BlogPostRequest>(initial ? requestOf(initial) : EMPTY);
  const [lang, setLang] = useState<Lang>('ru');
  const render = useMarkdownRenderer();
  const save = useMutation({
    mutationFn: (body: BlogPostRequest) =>
      post ? api.put<StaffBlogPostDto>(`/operator/blog/posts/${post.id}`, body) : api.post<StaffBlogPostDto>('/operator/blog/posts', body),
    onSuccess: (saved) => {
      setPost(saved);
      setForm(requestOf(saved));
      void client.invalidateQueries({ queryKey: BLOG_KEY });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const version = form[lang];
  const setVersion = (change: Partial<BlogVersionDto>) => setForm((current) => ({ ...current, [lang]: { ...current[lang], ...change } }));
  const fieldError = (name: string) => fields[name] && <small role="alert">{fields[name]}</small>;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <div className="console-blog__editor">
      <h2>{post ? t('blog.console.form.editTitle') : t('blog.console.form.createTitle')}</h2>
      <form className="console-blog__form" onSubmit={submit} aria-label={post ? t('blog.console.form.editTitle') : t('blog.console.form.createTitle')} data-testid="blog-form">
        <label className="operator-input">
          <span>{t('blog.console.form.slug')}</span>
          <input name="slug" value={form.slug} maxLength={BLOG_SLUG_MAX} required autoComplete="off" onChange={(event) => setForm({ ...form, slug: event.currentTarget.value })} />
          <small>{t('blog.console.form.slugHint')}</small>
          {fieldError('slug')}
        </label>
        <label className="operator-input">
          <span>{t('blog.console.form.status')}</span>
          <select name="status" value={form.status} onChange={(event) => setForm({ ...form, status: event.currentTarget.value as BlogStatus })}>
            {BLOG_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`blog.console.form.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="operator-input">
          <span>{t('blog.console.form.publishedAt')}</span>
          <input
            type="datetime-local"
            name="publishedAt"
            value={toLocalInput(form.publishedAt)}
            onChange={(event) => setForm({ ...form, publishedAt: fromLocalInput(event.currentTarget.value) })}
          />
          <small>{t('blog.console.form.publishedAtHint')}</small>
          {fieldError('publishedAt')}
        </label>
        <div className="console-blog__langs" role="group" aria-label={t('blog.console.form.version', { language: '' })}>
          {LANGS.map((option) => (
            <Button key={option} variant={option === lang ? undefined : 'ghost'} aria-pressed={option === lang} onClick={() => setLang(option)}>
              {t(`blog.languages.${option}`)}
            </Button>
          ))}
        </div>
        <fieldset className="console-blog__version" data-testid={`blog-version-${lang}`}>
          <legend>{t('blog.console.form.version', { language: t(`blog.languages.${lang}`) })}</legend>
          <small>{t('blog.console.form.versionHint')}</small>
          <label className="operator-input">
            <span>{t('blog.console.form.postTitle')}</span>
            <input name={`${lang}.title`} value={version.title} maxLength={BLOG_TITLE_MAX} onChange={(event) => setVersion({ title: event.currentTarget.value })} />
            {fieldError(`${lang}.title`)}
          </label>
          <label className="operator-input">
            <span>{t('blog.console.form.description')}</span>
            <input
              name={`${lang}.description`}
              value={version.description}
              maxLength={BLOG_DESCRIPTION_MAX}
              onChange={(event) => setVersion({ description: event.currentTarget.value })}
            />
            {fieldError(`${lang}.description`)}
          </label>
          <div className="console-blog__write">
            <label className="operator-input">
              <span>{t('blog.console.form.body')}</span>
              <textarea name={`${lang}.body`} rows={16} value={version.body} maxLength={BLOG_BODY_MAX} onChange={(event) => setVersion({ body: event.currentTarget.value })} />
              {fieldError(`${lang}.body`)}
            </label>
            <section className="console-blog__preview" aria-label={t('blog.console.form.preview')}>
              <h3>{t('blog.console.form.preview')}</h3>
              {version.body.trim() === '' || !render ? (
                <p>{t('blog.console.form.previewEmpty')}</p>
              ) : (
                <div className="blog-post__body" data-testid="blog-preview" dangerouslySetInnerHTML={{ __html: render(version.body) }} />
              )}
            </section>
          </div>
          <label className="operator-input">
            <span>{t('blog.console.form.imageAlt')}</span>
            <input name={`${lang}.imageAlt`} value={version.imageAlt} maxLength={BLOG_ALT_MAX} onChange={(event) => setVersion({ imageAlt: event.currentTarget.value })} />
          </label>
        </fieldset>
        <div className="page-actions">
          <Button type="submit" disabled={save.isPending}>
            {t('blog.console.form.save')}
          </Button>
          <Button variant="ghost" color="secondary" onClick={onClose}>
            {t('blog.console.form.close')}
          </Button>
        </div>
        {save.isError && Object.keys(fields).length === 0 && (
          <p className="order-notice order-notice--error" role="alert">
            {save.error instanceof ApiError ? save.error.message : t('blog.loadError')}
          </p>
        )}
        {save.isSuccess && !save.isPending && <p role="status">{t('blog.console.form.saved')}</p>}
      </form>
      <CoverUpload post={post} onChange={setPost} />
    </div>
  );
}

function CoverUpload({ post, onChange }: { post: StaffBlogPostDto | null; onChange: (post: StaffBlogPostDto) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(uploadReducer, IDLE_UPLOAD);
  const done = (saved: StaffBlogPostDto) => {
    onChange(saved);
    void client.invalidateQueries({ queryKey: BLOG_KEY });
  };
  const remove = useMutation({ mutationFn: (id: number) => api.delete<StaffBlogPostDto>(`/operator/blog/posts/${id}/cover`), onSuccess: done });
  async function upload(file: File) {
    if (!post) return;
    dispatch({ type: 'start' });
    try {
      const saved = await uploadFile<StaffBlogPostDto>(apiUrl(`/operator/blog/posts/${post.id}/cover`), file, (loaded, total) => dispatch({ type: 'progress', loaded, total }));
      dispatch({ type: 'done' });
      done(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      dispatch({ type: 'failed', message: error.message });
    }
  }
  return (
    <section className="console-blog__cover" aria-labelledby="blog-cover-title" data-testid="blog-cover">
      <h3 id="blog-cover-title">{t('blog.console.form.cover')}</h3>
      {!post ? (
        <p>{t('blog.console.form.coverAfterSave')}</p>
      ) : (
        <>
          {post.image && <img className="console-blog__cover-image" src={post.image.url} alt={post.ru.imageAlt || post.en.imageAlt} data-testid="blog-cover-image" />}
          <p id="blog-cover-hint">{t('blog.console.form.coverHint')}</p>
          <div className="page-actions">
            <label htmlFor="blog-cover-file" className="visually-hidden">
              {t('blog.console.form.cover')}
            </label>
            <ImagePicker id="blog-cover-file" name="file" disabled={state.status === 'uploading'} describedBy="blog-cover-hint" invalid={state.status === 'failed'} onFile={(file) => void upload(file)} />
            {post.image && (
              <Button variant="ghost" color="secondary" disabled={remove.isPending} onClick={() => remove.mutate(post.id)}>
                {t('blog.console.form.removeCover')}
              </Button>
            )}
          </div>
          {state.status === 'uploading' && (
            <p role="status">
              <progress max={100} value={state.percent} aria-label={t('blog.console.form.cover')} /> {t('blog.console.form.coverUploading', { percent: state.percent })}
            </p>
          )}
          {state.status === 'done' && <p role="status">{t('blog.console.form.coverDone')}</p>}
          {state.status === 'failed' && (
            <p className="order-notice order-notice--error" role="alert">
              {state.error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
