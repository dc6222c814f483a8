/**
 * The files a public page's first load needs beyond index.html's own (the build's
 * `builds/preloads.json`, frontend/build/preloads.ts): its page module's chunks and style sheets and
 * the texts of its language, named in the page's head so they load beside the entry instead of
 * after it has run (issue 17: a phone's first load). Pages behind sign-in get none: a signed-out
 * visitor is sent to /login and would fetch them for nothing.
 */
import type { PagePreloads, PreloadFiles } from '../../common/api';
import type { RouteDef } from '../../common/routes';
import { escapeHtml } from './head';

export const PRELOADS_PATH = 'builds/preloads.json';

const isFileList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string' && /^\/assets\/[\w.-]+$/.test(item));
const isFiles = (value: unknown): value is PreloadFiles =>
  typeof value === 'object' && value !== null && isFileList((value as PreloadFiles).scripts) && isFileList((value as PreloadFiles).styles);
const isFilesByName = (value: unknown): value is Record<string, PreloadFiles> =>
  typeof value === 'object' && value !== null && Object.values(value).every(isFiles);

/** The build's preloads file, or null when it is missing or not the shape the build writes (nothing is preloaded then). */
export function parsePreloads(text: string | null): PagePreloads | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { routes, locales } = value as PagePreloads;
    return isFilesByName(routes) && isFilesByName(locales) ? { routes, locales } : null;
  } catch {
    return null;
  }
}

/** `<link>`s for `route` in `lang` (empty for a route behind sign-in, or without preloads). */
export function preloadLinks(preloads: PagePreloads | null, route: RouteDef | undefined, lang: string): string {
  if (!preloads || !route || route.access !== 'public') return '';
  const parts = [preloads.locales[lang], preloads.routes[route.name]].filter((files): files is PreloadFiles => files !== undefined);
  const scripts = [...new Set(parts.flatMap((files) => files.scripts))];
  const styles = [...new Set(parts.flatMap((files) => files.styles))];
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
  ].join('\n');
}

/** index.html with `links` at the end of its head. */
export function injectPreloads(html: string, links: string): string {
  if (!links) return html;
  return html.replace(/<\/head>/i, () => `${links}\n</head>`);
}
