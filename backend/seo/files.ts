import type { AppMiddleware } from '../platform/http/types';
import type { PageRegistry } from './registry';
import { buildSitemaps, robotsTxt, type SitemapLimits, type SitemapSet } from './sitemap';

/** Sitemaps are rebuilt when a source's version changes, and at least this often. */
export const SITEMAP_CACHE_TTL_MS = 60_000;
const FILE_CACHE = 'public, max-age=3600';
const PART = /^\/sitemaps\/([1-9]\d{0,5})\.xml$/;

export interface SeoFilesOptions {
  publicUrl: string;
  registry: PageRegistry;
  limits?: SitemapLimits;
  ttlMs?: number;
}

/** GET/HEAD `/robots.txt`, `/sitemap.xml` and `/sitemaps/{n}.xml`; everything else passes on. */
export function seoFiles(options: SeoFilesOptions): AppMiddleware {
  const { publicUrl, registry, ttlMs = SITEMAP_CACHE_TTL_MS } = options;
  let built: { version: string; expiresAt: number; set: Promise<SitemapSet> } | undefined;

  async function sitemaps(): Promise<SitemapSet> {
    const version = await registry.version();
    if (built && built.version === version && built.expiresAt > Date.now()) return built.set;
    const entry = { version, expiresAt: Date.now() + ttlMs, set: registry.entries().then((entries) => buildSitemaps(publicUrl, entries, options.limits)) };
    built = entry;
    entry.set.catch(() => {
      if (built === entry) built = undefined;
    });
    return entry.set;
  }

  return async function seoFilesMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/robots.txt') {
      ctx.set('Cache-Control', FILE_CACHE);
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(publicUrl);
      return;
    }
    const part = PART.exec(ctx.path);
    if (ctx.path !== '/sitemap.xml' && !part) return next();
    const set = await sitemaps();
    const body = part ? set.parts[Number(part[1]) - 1] : set.root;
    if (body === undefined) return next();
    ctx.set('Cache-Control', FILE_CACHE);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = body;
  };
}
