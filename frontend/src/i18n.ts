import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '../../common/api';
import { applyDocumentLanguage, initialLanguage, rememberLanguage } from './lib/language';

type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * One chunk of texts per language (./locales/<lang>.ts): a page loads only its own language's,
 * and another one when the visitor switches to it.
 */
const localeLoaders: Record<Lang, () => Promise<{ default: LocaleFiles }>> = {
  ru: () => import('./locales/ru'),
  en: () => import('./locales/en'),
};

/** `locales/<lang>/<namespace>.json` files as one i18next namespace: the file name is the top-level key. */
function translationOf(files: LocaleFiles): Resource[string] {
  const translation: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/([^/]+)\.json$/.exec(path);
    if (match) translation[match[1]] = content;
  }
  return { translation };
}

async function loadLanguage(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const { translation } = translationOf((await localeLoaders[lang]()).default);
  i18next.addResourceBundle(lang, 'translation', translation);
}

/** Switches the interface language: its texts, i18next, the `lang` cookie and `<html lang>` (hence the API header). */
export async function changeLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  rememberLanguage(lang);
  await i18next.changeLanguage(lang);
}

i18next.on('languageChanged', applyDocumentLanguage);

const initialLang = initialLanguage();

export const i18nReady = Promise.all([
  localeLoaders[initialLang](),
  i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: initialLang,
    // Both languages have the same keys (localeFiles.test.ts): no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
  }),
]).then(async ([module]) => {
  i18next.addResourceBundle(initialLang, 'translation', translationOf(module.default).translation);
  // Rendered again now that the texts are in (init ran with none).
  await i18next.changeLanguage(initialLang);
});

export default i18next;
