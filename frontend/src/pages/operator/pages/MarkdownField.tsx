import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../../common/api';
import type { ContentPageKey } from '../../../../../common/content';
import { useMarkdownRenderer } from '../useMarkdownRenderer';

export const adminPageKey = (key: ContentPageKey) => ['admin', 'content', key] as const;

/** A Markdown textarea and its preview, rendered by common/markdown.ts as the server does. */
export function MarkdownField({ lang, value, onChange, error, testId, label }: { lang: Lang; value: string; onChange(value: string): void; error?: string; testId: string; label?: string }) {
  const { t } = useTranslation();
  const render = useMarkdownRenderer();
  return (
    <>
      <label className="operator-input">
        <span>{label ?? t('contentPages.admin.fieldBody')}</span>
        <textarea rows={14} className="pages-admin__body" value={value} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} lang={lang} />
        {error && <small className="payments-error">{error}</small>}
      </label>
      <div className="pages-admin__preview" aria-label={`${t('contentPages.admin.preview')} (${lang})`} role="region">
        <p className="pages-admin__preview-title">{t('contentPages.admin.preview')}</p>
        {render && <div className="content-page__body" lang={lang} data-testid={`${testId}-preview`} dangerouslySetInnerHTML={{ __html: render(value) }} />}
      </div>
    </>
  );
}
