import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18nInstance, type Resource } from 'i18next';
import { DEFAULT_LANG, LANG_COOKIE, LANGS, pickLang, type Lang } from '../../common/api';
import { REPO_ROOT } from './config/index';

/** Translates a key such as `errors.not_found`; values fill `{{name}}` placeholders. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export const LOCALES_DIR = path.join(REPO_ROOT, 'locales');

/**
 * Reads `locales/<lang>/*.json`: every file becomes a top-level key named after the file, so
 * `locales/en/errors.json` `{"not_found": "…"}` is the key `errors.not_found`.
 */
export function loadLocaleResources(localesDir: string = LOCALES_DIR): Resource {
  const resources: Resource = {};
  for (const lang of LANGS) {
    const dir = path.join(localesDir, lang);
    const translation: Record<string, unknown> = {};
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
      translation[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    }
    resources[lang] = { translation };
  }
  return resources;
}

export interface ServerI18n {
  /** A translator bound to one language. */
  translator(lang: Lang): Translate;
}

/** The server's i18next instance, loaded synchronously from the locale files. */
export function createServerI18n(resources: Resource = loadLocaleResources()): ServerI18n {
  const instance: I18nInstance = createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  const translators = new Map<Lang, Translate>(
    LANGS.map((lang) => {
      const fixed = instance.getFixedT(lang);
      return [lang, (key: string, values?: Record<string, unknown>) => String(fixed(key, values))];
    }),
  );
  return {
    translator(lang: Lang): Translate {
      return translators.get(lang) ?? translators.get(DEFAULT_LANG)!;
    },
  };
}

interface LangSource {
  get(field: string): string;
  cookies: { get(name: string): string | undefined };
  /** A link that cannot send the header (a file download) names the language in `?lang=`. */
  query?: Record<string, string | string[] | undefined>;
}

/** The request's language: the `lang` header, else a `lang` query parameter, else the `lang` cookie, else Russian. */
export function resolveLang(request: LangSource): Lang {
  const asked = request.query?.lang;
  return pickLang(request.get('lang'), typeof asked === 'string' ? asked : undefined, request.cookies.get(LANG_COOKIE));
}
