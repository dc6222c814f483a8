import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../../common/api';
import { applyDocumentLanguage, initialLanguage, rememberLanguage } from './lib/language';

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

/** Switches the interface language: i18next, the `lang` cookie and `<html lang>` (hence the API header). */
export async function changeLanguage(lang: Lang): Promise<void> {
  rememberLanguage(lang);
  await i18next.changeLanguage(lang);
}

i18next.on('languageChanged', applyDocumentLanguage);

export const i18nReady = i18next.use(initReactI18next).init({
  resources: buildResources(localeFiles),
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
});

export default i18next;
