import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface Props {
  /** Route name: the texts are `pages.<name>.title` and `pages.<name>.description`. */
  name: string;
  /** Overrides the translated title (e.g. with a param in it). */
  title?: string;
  /** Extra content under the description (badges, actions). */
  children?: ReactNode;
}

/** The top of a page: its title (also the document title) and what the page is for. */
export function PageHeader({ name, title, children }: Props) {
  const { t } = useTranslation();
  const heading = title ?? t(`pages.${name}.title`);
  useDocumentTitle(heading);
  return (
    <header className="page-header">
      <h1 className="page-header__title">{heading}</h1>
      <p className="page-header__description">{t(`pages.${name}.description`)}</p>
      {children}
    </header>
  );
}
