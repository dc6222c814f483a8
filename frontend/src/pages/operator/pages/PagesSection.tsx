import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../../common/api';
import { CONTENT_PAGE_KEYS, type AdminContentPageDto, type ContentPageKey, type ContentTexts } from '../../../../../common/content';
import { pathFor } from '../../../../../common/routes';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { TermsPublisher } from './TermsPublisher';
import { MarkdownField, adminPageKey } from './MarkdownField';
import '../console.css';
import './pages.css';

const LANG_ORDER: Lang[] = ['ru', 'en'];

/** Admins: a content page's title, description and Markdown body in both languages, with a live preview; the terms: a new version. */
export default function PagesSection() {
  const { t } = useTranslation();
  const [key, setKey] = useState<ContentPageKey>('aboutUs');
  const page = useQuery({ queryKey: adminPageKey(key), queryFn: () => api.get<AdminContentPageDto>(`/admin/content/pages/${key}`) });
  const path = pathFor(key);
  return (
    <section className="pages-admin" aria-label={t('contentPages.admin.title')}>
      <h2>{t('contentPages.admin.title')}</h2>
      <div className="pages-admin__bar">
        <label className="operator-input">
          <span>{t('contentPages.admin.page')}</span>
          <select value={key} onChange={(event) => setKey(event.currentTarget.value as ContentPageKey)} data-testid="pages-select">
            {CONTENT_PAGE_KEYS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`pages.${entry}.title`)}
              </option>
            ))}
          </select>
        </label>
        <a href={path} target="_blank" rel="noopener noreferrer">
          {t('contentPages.admin.open')}
        </a>
      </div>
      {page.isPending && <PageLoader />}
      {page.isError && (
        <p role="alert" className="payments-error">
          {t('contentPages.admin.loadError')}
        </p>
      )}
      {page.data && (key === 'terms' ? <TermsPublisher page={page.data} /> : <PageEditor key={key} page={page.data} />)}
    </section>
  );
}

function PageEditor({ page }: { page: AdminContentPageDto }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Record<Lang, ContentTexts>>(page.texts);
  useEffect(() => setTexts(page.texts), [page]);
  const save = useMutation({
    mutationFn: () => api.put<AdminContentPageDto>(`/admin/content/pages/${page.key}`, { ru: texts.ru, en: texts.en }),
    onSuccess: (next) => {
      queryClient.setQueryData(adminPageKey(page.key), next);
      void queryClient.invalidateQueries({ queryKey: ['content', page.key] });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const set = (lang: Lang, field: keyof ContentTexts, value: string) => setTexts({ ...texts, [lang]: { ...texts[lang], [field]: value } });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  return (
    <form className="pages-admin__form" onSubmit={submit} noValidate data-testid="pages-form">
      <p className="pages-admin__meta">{t('contentPages.admin.updated', { date: new Date(page.updatedAt).toLocaleString(i18n.language) })}</p>
      <div className="pages-admin__langs">
        {LANG_ORDER.map((lang) => (
          <fieldset key={lang} className="pages-admin__lang">
            <legend>{t(lang === 'ru' ? 'contentPages.admin.langRu' : 'contentPages.admin.langEn')}</legend>
            <label className="operator-input">
              <span>{t('contentPages.admin.fieldTitle')}</span>
              <input value={texts[lang].title} onChange={(event) => set(lang, 'title', event.currentTarget.value)} data-testid={`pages-${lang}-title`} aria-invalid={fields[`${lang}.title`] ? true : undefined} />
              {fields[`${lang}.title`] && <small className="payments-error">{fields[`${lang}.title`]}</small>}
            </label>
            <label className="operator-input">
              <span>{t('contentPages.admin.fieldDescription')}</span>
              <textarea rows={2} value={texts[lang].description} onChange={(event) => set(lang, 'description', event.currentTarget.value)} data-testid={`pages-${lang}-description`} />
              {fields[`${lang}.description`] && <small className="payments-error">{fields[`${lang}.description`]}</small>}
            </label>
            <MarkdownField lang={lang} value={texts[lang].body} onChange={(value) => set(lang, 'body', value)} error={fields[`${lang}.body`]} testId={`pages-${lang}-body`} />
          </fieldset>
        ))}
      </div>
      <div className="pages-admin__actions">
        <Button type="submit" loading={save.isPending} data-testid="pages-save">
          {t('contentPages.admin.save')}
        </Button>
        {save.isSuccess && (
          <span role="status" data-testid="pages-saved">
            {t('contentPages.admin.saved')}
          </span>
        )}
        {save.isError && (
          <span role="alert" className="payments-error">
            {save.error.message}
          </span>
        )}
      </div>
    </form>
  );
}
