import { useTranslation } from 'react-i18next';

/**
 * An array kept in the locales (e.g. `pages.home.steps`), in the current language. Entries that
 * are not of the expected shape are dropped, so a typo in a locale file cannot crash a page; a
 * list the locales do not have (a page with no `planned` items) is empty.
 */
export function useTranslatedList<T>(key: string, isItem: (value: unknown) => value is T): T[] {
  const { t, i18n } = useTranslation();
  const value: unknown = i18n.exists(key) ? t(key, { returnObjects: true }) : [];
  return Array.isArray(value) ? value.filter(isItem) : [];
}

export interface TitledText {
  title: string;
  text: string;
}

export function isTitledText(value: unknown): value is TitledText {
  if (!value || typeof value !== 'object') return false;
  const { title, text } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof text === 'string';
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}
