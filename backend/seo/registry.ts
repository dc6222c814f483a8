import type { Lang } from '../../common/api';
import type { PageMeta, PageNotFound, PublicPageSource, SitemapEntry } from './types';

/** The public page sources of one app: the sitemap and the rendered heads read them all. */
export interface PageRegistry {
  /** Adds a source; it is asked before the ones added earlier (the built-in route table comes first, so last). */
  add(source: PublicPageSource): PageRegistry;
  sources(): readonly PublicPageSource[];
  /** Every source's sitemap entries, first path wins when two list the same. */
  entries(): Promise<SitemapEntry[]>;
  /** The first source's answer for `path` that is not null. */
  meta(path: string, lang: Lang): Promise<PageMeta | PageNotFound | null>;
  /** Joins the sources' versions: what rendered heads and sitemaps are cached under. */
  version(): Promise<string>;
}

export function createPageRegistry(initial: PublicPageSource[] = []): PageRegistry {
  /** Asked in this order: the most specific (latest added) first. */
  const list: PublicPageSource[] = [];
  const registry: PageRegistry = {
    add(source) {
      if (list.some((other) => other.name === source.name)) throw new Error(`Page source ${source.name} is already registered`);
      list.unshift(source);
      return registry;
    },
    sources: () => list,
    async entries() {
      const lists = await Promise.all(list.map((source) => source.entries()));
      const seen = new Set<string>();
      const entries: SitemapEntry[] = [];
      // The route table (registered first) lists its pages first in the file.
      for (const entry of lists.reverse().flat()) {
        if (seen.has(entry.path)) continue;
        seen.add(entry.path);
        entries.push(entry);
      }
      return entries;
    },
    async meta(path, lang) {
      for (const source of list) {
        const answer = source.meta ? await source.meta(path, lang) : null;
        if (answer) return answer;
      }
      return null;
    },
    async version() {
      const versions = await Promise.all(list.map(async (source) => `${source.name}:${source.version ? await source.version() : ''}`));
      return versions.join('|');
    },
  };
  for (const source of initial) registry.add(source);
  return registry;
}
