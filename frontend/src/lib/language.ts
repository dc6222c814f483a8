import { DEFAULT_LANG, isLang, LANG_COOKIE, LANG_COOKIE_MAX_AGE_DAYS, type Lang } from '../../../common/api';
import { readCookie, writeCookie } from './cookies';

/** The language chosen by the `lang` cookie, else Russian (spec §1: the default, no URL prefix). */
export function languageFromCookie(): Lang {
  const fromCookie = readCookie(LANG_COOKIE);
  return isLang(fromCookie) ? fromCookie : DEFAULT_LANG;
}

/** Remembers the choice for 365 days (spec §9) on the whole site. */
export function rememberLanguage(lang: Lang): void {
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE_DAYS);
}

/** `<html lang>`: read by screen readers, and by the API client for the `lang` header. */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = isLang(lang) ? lang : DEFAULT_LANG;
}
