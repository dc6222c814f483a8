/**
 * The i18next instance used by component tests: the same resources as the app (every
 * `locales/<lang>/<namespace>.json`, the file name being the top-level key), read from disk
 * because `import.meta.glob` exists only under Vite. Tests run in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS } from '../../common/api';

const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

function readResources(): Resource {
  const resources: Resource = {};
  for (const lang of LANGS) {
    const translation: Record<string, unknown> = {};
    const dir = path.join(LOCALES_DIR, lang);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      translation[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    }
    resources[lang] = { translation };
  }
  return resources;
}

// Synchronous: the resources are inline, so translations are ready once this module has loaded.
i18next.use(initReactI18next).init({
  initAsync: false,
  resources: readResources(),
  lng: 'en',
  fallbackLng: 'ru',
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
});

export default i18next;
