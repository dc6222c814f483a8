import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '../../common/api';
import { applyDocumentLanguage, initialLanguage, rememberLanguage } from './lib/language';
import { loadRequestedTexts, loadTexts } from './locales/textGroups';

/**
 * Switches the interface language: the texts of every group loaded so far in the new language
 * (locales/textGroups.ts), i18next, the `lang` cookie and `<html lang>` (hence the API header).
 */
export async function changeLanguage(lang: Lang): Promise<void> {
  await loadRequestedTexts(lang);
  rememberLanguage(lang);
  await i18next.changeLanguage(lang);
  // A page opened during the switch asked for its group in the old language.
  await loadRequestedTexts(lang);
}

i18next.on('languageChanged', applyDocumentLanguage);

/** A text the page asks for and no loaded file has: shown as its key, so said where tests see it. */
function reportMissingText(_langs: readonly string[], _namespace: string, key: string, fallbackValue: string): void {
  // A call with a `defaultValue` of its own expected the gap.
  if (fallbackValue === key) console.error(`No text for "${key}" in ${i18next.language}`);
}

const initialLang = initialLanguage();

export const i18nReady = Promise.all([
  loadTexts('site', initialLang),
  i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: initialLang,
    // Both languages have the same keys (localeFiles.test.ts): no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: reportMissingText,
    // A group's texts arriving later (a page opened while the language switched) draw again.
    react: { bindI18nStore: 'added' },
  }),
]).then(async () => {
  // Rendered again now that the texts are in (init ran with none).
  await i18next.changeLanguage(initialLang);
});

export default i18next;
