import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `<title>` to "<page title> — <brand>" while the page is shown. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const brand = t('common.brand');
  useEffect(() => {
    document.title = title ? `${title} — ${brand}` : brand;
  }, [title, brand]);
}
