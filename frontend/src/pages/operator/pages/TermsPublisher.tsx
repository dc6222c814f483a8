import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminContentPageDto, TermsPublishedDto } from '../../../../../common/content';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { MarkdownField, adminPageKey } from './MarkdownField';

/** The terms: their versions, and a new version (both languages, now or at a later time). */
export function TermsPublisher({ page }: { page: AdminContentPageDto }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [bodyRu, setBodyRu] = useState(page.texts.ru.body);
  const [bodyEn, setBodyEn] = useState(page.texts.en.body);
  const [publishAt, setPublishAt] = useState('');
  useEffect(() => {
    setBodyRu(page.texts.ru.body);
    setBodyEn(page.texts.en.body);
  }, [page]);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const publish = useMutation({
    mutationFn: () => api.post<TermsPublishedDto>('/admin/content/terms', { bodyRu, bodyEn, ...(publishAt ? { publishAt: new Date(publishAt).toISOString() } : {}) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPageKey('terms') });
      void queryClient.invalidateQueries({ queryKey: ['content', 'terms'] });
    },
  });
  const fields = publish.error instanceof ApiError ? publish.error.fields : {};
  function submit(event: FormEvent) {
    event.preventDefault();
    publish.mutate();
  }
  const terms = page.terms;
  return (
    <form className="pages-admin__form" onSubmit={submit} noValidate data-testid="terms-form">
      <p>{t('contentPages.admin.termsNote')}</p>
      {terms && (
        <>
          <p data-testid="terms-current">{t('contentPages.admin.termsCurrent', { version: terms.current ?? '—' })}</p>
          <ul className="pages-admin__versions">
            {terms.versions.map((entry) => (
              <li key={entry.version}>
                {t('contentPages.terms.version', { version: entry.version, date: date(entry.publishedAt) })}
                {entry.scheduled && ` · ${t('contentPages.admin.termsScheduled')}`}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="pages-admin__langs">
        <fieldset className="pages-admin__lang">
          <legend>{t('contentPages.admin.langRu')}</legend>
          <MarkdownField lang="ru" value={bodyRu} onChange={setBodyRu} error={fields['bodyRu']} testId="terms-ru-body" />
        </fieldset>
        <fieldset className="pages-admin__lang">
          <legend>{t('contentPages.admin.langEn')}</legend>
          <MarkdownField lang="en" value={bodyEn} onChange={setBodyEn} error={fields['bodyEn']} testId="terms-en-body" />
        </fieldset>
      </div>
      <label className="operator-input">
        <span>{t('contentPages.admin.publishAt')}</span>
        <input type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.currentTarget.value)} data-testid="terms-publish-at" />
        {fields['publishAt'] && <small className="payments-error">{fields['publishAt']}</small>}
      </label>
      <div className="pages-admin__actions">
        <Button type="submit" loading={publish.isPending} data-testid="terms-publish">
          {t('contentPages.admin.publish')}
        </Button>
        {publish.data && (
          <span role="status" data-testid="terms-published">
            {publish.data.scheduled
              ? t('contentPages.admin.scheduled', { version: publish.data.version, date: date(publish.data.publishedAt) })
              : t('contentPages.admin.published', { version: publish.data.version })}
          </span>
        )}
        {publish.isError && (
          <span role="alert" className="payments-error">
            {publish.error.message}
          </span>
        )}
      </div>
    </form>
  );
}
