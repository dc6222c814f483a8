import type { Lang } from '../../common/api';
import type { PageMeta, PageNotFound, PublicPageSource, SitemapEntry } from './types';

/** The public page sources of one app: the sitemap and the rendered heads read them all. */
export interface PageRegistry {
  /** Adds a source; it is asked before the ones added earlier (the built-in route table comes first, so last). */
  add(source: PublicPageSource): PageRegistry;
  sources(): readonly PublicPageSource[];
  /** Every source's sitemap entries; of two for one path, the most specific source's. */
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
      // The most specific source's entry wins (a content page's own lastmod over the route table's)…
      const chosen = new Map<string, SitemapEntry>();
      for (const entry of lists.flat()) if (!chosen.has(entry.path)) chosen.set(entry.path, entry);
      // …listed in the order of the sources as registered: the route table's pages first.
      const entries: SitemapEntry[] = [];
      for (const entry of lists.reverse().flat()) {
        const winner = chosen.get(entry.path);
        if (!winner) continue;
        entries.push(winner);
        chosen.delete(entry.path);
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
