import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../common/api';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const cache = new Map<Lang, Record<string, unknown>>();

/** Every `locales/<lang>/<namespace>.json` merged, the file name as the top-level key (as the app does). */
function resources(lang: Lang): Record<string, unknown> {
  let merged = cache.get(lang);
  if (!merged) {
    const dir = path.join(LOCALES_DIR, lang);
    merged = Object.fromEntries(
      readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
    );
    cache.set(lang, merged);
  }
  return merged;
}

function lookup(lang: Lang, key: string): unknown {
  return key.split('.').reduce<unknown>(
    (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    resources(lang),
  );
}

export function hasText(lang: Lang, key: string): boolean {
  return typeof lookup(lang, key) === 'string';
}

/** The interface text under `key` (e.g. `pages.faq.title`) with `{{name}}` placeholders filled. */
export function text(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const found = lookup(lang, key);
  if (typeof found !== 'string') throw new Error(`No ${lang} text for ${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_all, name: string) => values[name] ?? '');
}

/** The document title the app sets for a page: "<title> — <brand>". */
export function documentTitle(lang: Lang, pageTitle: string): string {
  return `${pageTitle} — ${text(lang, 'common.brand')}`;
}
