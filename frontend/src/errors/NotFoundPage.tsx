import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface Props {
  /** The path that matched no route. */
  path: string;
}

/** Spec §2/§8: status 404 — title, text, "return" and "to main", both to `/`. */
export function NotFoundPage({ path }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t('error.page_not_found_title'));
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">404</p>
      <h1 id="error-title" className="error-page__title">{t('error.page_not_found_title')}</h1>
      <p className="error-page__text">{t('error.page_not_found_text')}</p>
      <p className="error-page__detail" data-testid="not-found-message">
        {t('error.page_not_found_message', { path })}
      </p>
      <div className="error-page__actions">
        <Button variant="ghost" color="secondary" href="/">
          {t('error.return')}
        </Button>
        <Button href="/">{t('error.to_main')}</Button>
      </div>
    </section>
  );
}
