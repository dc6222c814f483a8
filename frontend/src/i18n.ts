import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANG_COOKIE, LANG_COOKIE_MAX_AGE_DAYS, LANGS, isLang, type Lang } from '../../common/api';
import { readCookie, writeCookie } from './lib/cookies';

/** Every `locales/<lang>/<namespace>.json`, bundled; the file name is the top-level key. */
const localeFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(files: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const lang of LANGS) resources[lang] = { translation: {} };
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match || !isLang(match[1])) continue;
    const translation = resources[match[1]].translation as Record<string, unknown>;
    translation[match[2]] = content;
  }
  return resources;
}

/** The language chosen by the `lang` cookie, else Russian. */
export function initialLanguage(): Lang {
  const fromCookie = readCookie(LANG_COOKIE);
  return isLang(fromCookie) ? fromCookie : DEFAULT_LANG;
}

export function currentLanguage(): Lang {
  return isLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}

/** Switches the interface language: i18next, the cookie (365 days) and `<html lang>`. */
export async function changeLanguage(lang: Lang): Promise<void> {
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE_DAYS);
  await i18next.changeLanguage(lang);
}

i18next.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
});

export const i18nReady = i18next.use(initReactI18next).init({
  resources: buildResources(localeFiles),
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
