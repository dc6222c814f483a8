import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfig';
import { Button } from '../components/Button';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useUiStore } from '../stores/ui';

/** Spec §2/§8: status 500 — title, text, "support" (messenger link, new tab) and "to main". */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const clearFatal = useUiStore((state) => state.clearFatal);
  useDocumentTitle(t('error.server_title'));
  // The failure may happen far down a long page: show the message, not the footer.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const supportUrl = config?.supportUrl;

  return (
    <section className="error-page" role="alert" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">500</p>
      <h1 id="error-title" className="error-page__title">{t('error.server_title')}</h1>
      <p className="error-page__text">{t('error.server_text')}</p>
      <div className="error-page__actions">
        <Button variant="ghost" color="secondary" href={supportUrl ?? ''} target="_blank" disabled={!supportUrl}>
          {t('error.support')}
        </Button>
        <Button href="/" onClick={clearFatal}>
          {t('error.to_main')}
        </Button>
      </div>
    </section>
  );
}
