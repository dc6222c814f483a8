import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isString, useTranslatedList } from '../lib/useTranslatedList';

interface Props {
  /** Locale key prefix: `<key>.title` and `<key>.paragraphs` (array of strings). */
  textKey: string;
  children?: ReactNode;
}

/** A titled block of prose kept in the locales. */
export function ContentSection({ textKey, children }: Props) {
  const { t } = useTranslation();
  const paragraphs = useTranslatedList(`${textKey}.paragraphs`, isString);
  return (
    <section className="content-section">
      <h2 className="content-section__title">{t(`${textKey}.title`)}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="content-section__text">
          {paragraph}
        </p>
      ))}
      {children}
    </section>
  );
}
