/**
 * The built-in page sources (the route table, the catalogue's pair landings) and the adapters
 * that turn the blog's and the content pages' plain queries into sources (wired at merge).
 */
import type { Sequelize } from 'sequelize';
import { DEFAULT_LANG, type Lang } from '../../common/api';
import { assetName, type AssetDto } from '../../common/catalogue';
import { matchPattern, matchRoute, pathFor, routeByName, ROUTES, type RouteDef } from '../../common/routes';
import type { CatalogueCache, CatalogueSnapshot } from '../catalogue/cache';
import { initModels } from '../models';
import type { ServerI18n } from '../platform/i18n';
import { PAGE_NOT_FOUND, type PageMeta, type PublicPageSource, type PublishedPage, type PublishedPost, type SitemapEntry } from './types';

/** Public routes kept out of search engines: capability links, one-off confirmations, service pages. */
export const NOINDEX_ROUTES: ReadonlySet<string> = new Set(['auth', 'order', 'confirmError', 'confirmSuccess', 'disableOtp', 'resetPassword', 'test', 'maintenance']);

/** Whether search engines may list the route: public and not a capability or service page. */
export function isIndexableRoute(route: RouteDef): boolean {
  return route.access === 'public' && !NOINDEX_ROUTES.has(route.name);
}

const hasParams = (route: RouteDef) => route.path.includes('/:');

export interface StaticRoutesSourceOptions {
  i18n: ServerI18n;
  /** When the pages last changed: the build's time. */
  lastmod(): Promise<Date | undefined>;
}

/**
 * Every route of common/routes.ts: its title and description from the `seo` locale namespace;
 * the sitemap lists the indexable ones without parameters.
 */
export function staticRoutesSource(options: StaticRoutesSourceOptions): PublicPageSource {
  return {
    name: 'routes',
    async entries() {
      const lastmod = await options.lastmod();
      return ROUTES.filter((route) => isIndexableRoute(route) && !hasParams(route)).map((route): SitemapEntry => ({
        path: route.path,
        lastmod,
        changefreq: route.name === 'home' ? 'daily' : 'weekly',
        priority: route.name === 'home' ? 1 : 0.6,
      }));
    },
    async meta(path, lang) {
      const match = matchRoute(path);
      if (!match) return null;
      const t = options.i18n.translator(lang);
      const { name } = match.route;
      return { title: t(`seo.routes.${name}.title`), description: t(`seo.routes.${name}.description`) } satisfies PageMeta;
    },
  };
}

/** A timestamp column read raw: a Date (MariaDB) or SQLite's `YYYY-MM-DD HH:MM:SS.SSS +00:00`. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const iso = value.trim().replace(' ', 'T').replace(/\s*([+-]\d{2}:\d{2})$/, '$1');
  const date = new Date(/[zZ]|[+-]\d{2}:\d{2}$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const later = (...dates: Array<Date | undefined>) =>
  dates.reduce<Date | undefined>((max, date) => (date && (!max || date > max) ? date : max), undefined);

export interface PairsSourceOptions {
  sequelize: Sequelize;
  catalogue: CatalogueCache;
  i18n: ServerI18n;
}

interface PairIndex {
  assets: Map<string, AssetDto>;
  offered: Set<string>;
}

export const PAIR_PATTERN = routeByName('pairLanding').path;

/**
 * A landing page per offered direction (`/exchange/{from}/{to}`, the catalogue's enabled
 * directions between enabled assets): titled with the assets' names in the visitor's language;
 * lastmod is the latest update of the direction or of its two assets.
 */
export function pairsSource(options: PairsSourceOptions): PublicPageSource {
  const indexes = new WeakMap<CatalogueSnapshot, PairIndex>();
  const entryLists = new WeakMap<CatalogueSnapshot, Promise<SitemapEntry[]>>();

  function indexOf(snapshot: CatalogueSnapshot): PairIndex {
    let index = indexes.get(snapshot);
    if (!index) {
      const { assets, directions } = snapshot.catalogue;
      index = {
        assets: new Map(assets.map((asset) => [asset.code, asset])),
        offered: new Set(directions.map((direction) => `${direction.from}>${direction.to}`)),
      };
      indexes.set(snapshot, index);
    }
    return index;
  }

  async function listEntries(snapshot: CatalogueSnapshot): Promise<SitemapEntry[]> {
    const { Asset, Direction } = initModels(options.sequelize);
    const [assets, directions] = await Promise.all([
      Asset.findAll({ where: { enabled: true }, attributes: ['code', 'updatedAt'], raw: true }),
      Direction.findAll({ where: { enabled: true }, attributes: ['fromCode', 'toCode', 'updatedAt'], raw: true }),
    ]);
    const assetTimes = new Map(assets.map((asset) => [asset.code, toDate(asset.updatedAt)]));
    const directionTimes = new Map(directions.map((d) => [`${d.fromCode}>${d.toCode}`, toDate(d.updatedAt)]));
    return snapshot.catalogue.directions.map((direction) => ({
      path: pathFor('pairLanding', { from: direction.from, to: direction.to }),
      lastmod: later(directionTimes.get(`${direction.from}>${direction.to}`), assetTimes.get(direction.from), assetTimes.get(direction.to)),
      changefreq: 'daily' as const,
      priority: 0.8,
    }));
  }

  return {
    name: 'pairs',
    async entries() {
      const snapshot = await options.catalogue.get();
      let list = entryLists.get(snapshot);
      if (!list) {
        list = listEntries(snapshot);
        entryLists.set(snapshot, list);
        list.catch(() => entryLists.delete(snapshot));
      }
      return list;
    },
    async meta(path, lang) {
      const params = matchPattern(PAIR_PATTERN, path);
      if (!params) return null;
      const index = indexOf(await options.catalogue.get());
      const fromCode = params.from.toUpperCase();
      const toCode = params.to.toUpperCase();
      const from = index.assets.get(fromCode);
      const to = index.assets.get(toCode);
      if (!from || !to || !index.offered.has(`${fromCode}>${toCode}`)) return PAGE_NOT_FOUND;
      const t = options.i18n.translator(lang);
      const names = { from: from.code, to: to.code, fromName: assetName(from, lang), toName: assetName(to, lang) };
      const title = t('seo.pair.title', names);
      const canonicalPath = pathFor('pairLanding', { from: from.code, to: to.code });
      return {
        title,
        description: t('seo.pair.description', names),
        canonicalPath,
        breadcrumbs: [
          { name: t('seo.breadcrumbHome'), path: '/' },
          { name: title, path: canonicalPath },
        ],
      };
    },
    async version() {
      return (await options.catalogue.get()).etag;
    },
  };
}

/** How long a table revision is reused: every HTML page asks the versions, so not a query per page. */
export const REVISION_REUSE_MS = 1_000;

/** `read` asked at most once per REVISION_REUSE_MS (a failed read is not kept). */
function shortLived(read: () => Promise<string>): () => Promise<string> {
  let kept: { at: number; value: Promise<string> } | undefined;
  return () => {
    const now = Date.now();
    if (kept && now - kept.at < REVISION_REUSE_MS) return kept.value;
    const entry = { at: now, value: read() };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.value;
  };
}

/** The blog's posts (`listPublishedPosts` of backend/blog) as a source: `/blog/{slug or id}`. */
export function blogSource(list: (lang: Lang) => Promise<PublishedPost[]>, revision?: () => Promise<string>): PublicPageSource {
  const pathOf = (post: PublishedPost) => pathFor('blogPost', { id: String(post.slug || post.id) });
  return {
    name: 'blog',
    ...(revision && { version: shortLived(revision) }),
    async entries() {
      return (await list(DEFAULT_LANG)).map((post) => ({ path: pathOf(post), lastmod: post.updatedAt, changefreq: 'monthly' as const, priority: 0.5 }));
    },
    async meta(path, lang) {
      const params = matchPattern(routeByName('blogPost').path, path);
      if (!params) return null;
      const post = (await list(lang)).find((candidate) => String(candidate.slug || candidate.id) === params.id || String(candidate.id) === params.id);
      if (!post) return PAGE_NOT_FOUND;
      return {
        title: post.title,
        description: post.description,
        image: post.image ?? undefined,
        canonicalPath: pathOf(post),
        article: { publishedAt: post.publishedAt, updatedAt: post.updatedAt },
      };
    },
  };
}

/**
 * The content pages (`readPage` of backend/content) as a source: `pages` maps a route name
 * (`aboutUs`, `faq`…) to the page's key. A page not in the database falls back to the route table.
 */
export function contentSource(read: (key: string, lang: Lang) => Promise<PublishedPage | null>, pages: Record<string, string>, revision?: () => Promise<string>): PublicPageSource {
  return {
    name: 'content',
    ...(revision && { version: shortLived(revision) }),
    async entries() {
      const entries = await Promise.all(
        Object.entries(pages).map(async ([route, key]) => {
          const page = await read(key, DEFAULT_LANG);
          return page ? { path: pathFor(route), lastmod: page.updatedAt, changefreq: 'monthly' as const, priority: 0.6 } : null;
        }),
      );
      return entries.filter((entry): entry is NonNullable<typeof entry> => entry !== null);
    },
    async meta(path, lang) {
      const match = matchRoute(path);
      const key = match ? pages[match.route.name] : undefined;
      if (!key) return null;
      const page = await read(key, lang);
      return page ? { title: page.title, description: page.description, faq: page.faq } : null;
    },
  };
}
