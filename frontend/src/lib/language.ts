import { DEFAULT_LANG, isLang, LANG_COOKIE, LANG_COOKIE_MAX_AGE_DAYS, pickLang, type Lang } from '../../../common/api';
import { readCookie, writeCookie } from './cookies';

/**
 * The language the page starts in (common/api.ts pickLang): the `lang` cookie, else the `<html lang>`
 * the server rendered — its choice from the browser's Accept-Language (backend/seo/pages.ts pageLang),
 * so the page speaks the language of its head —, else Russian (spec §1: the default, no URL prefix).
 * The cookie comes first as on the server, which also lets a page built without the server (vite's
 * dev server, whose index.html says `ru`) keep a chosen language.
 */
export function initialLanguage(): Lang {
  return pickLang(readCookie(LANG_COOKIE), document.documentElement.getAttribute('lang'));
}

/** Remembers the choice for 365 days (spec §9) on the whole site. */
export function rememberLanguage(lang: Lang): void {
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE_DAYS);
}

/** `<html lang>`: read by screen readers, and by the API client for the `lang` header. */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = isLang(lang) ? lang : DEFAULT_LANG;
}
