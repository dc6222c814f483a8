/**
 * index.html for every page path, with the head of that page in the visitor's language
 * (./head.ts). Rendered pages are kept per (path, language, build, sources' versions) with their
 * br and gzip copies, so the page path stays as fast as the static file it replaces.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANG_COOKIE, isLang, pickLang, type Lang } from '../../common/api';
import type { PrerenderedRateDto } from '../../common/catalogue';
import type { OrderDto } from '../../common/orders';
import { matchRoute } from '../../common/routes';
import { COMPRESS_THRESHOLD_BYTES } from '../platform/http/compress';
import type { RenderedFile } from '../platform/http/staticFile';
import type { ServerI18n } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import { injectHead, renderHead } from './head';
import { injectShell, renderShell } from './shell';
import type { PageRegistry } from './registry';
import { isIndexableRoute } from './sources';
import type { PageMeta } from './types';

/** Paths under these are never indexed, whatever a source says (the user area, the console, orders). */
export const PRIVATE_PREFIXES = ['/user', '/operator', '/order/', '/api'] as const;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || pathname.startsWith(`${prefix}-`));
}

/** The first supported language of an Accept-Language header by q-value (`en-GB` counts as `en`). */
export function acceptedLang(header: string | undefined): Lang | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/i.exec(param)).find(Boolean);
      return { tag: range.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, order };
    })
    .filter((range) => range.q > 0 && Number.isFinite(range.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranges.map((range) => range.tag).find(isLang) ?? null;
}

/** A page's language: the `lang` cookie, then Accept-Language, else Russian. */
export function pageLang(request: { get(field: string): string; cookies: { get(name: string): string | undefined } }): Lang {
  return pickLang(request.cookies.get(LANG_COOKIE), acceptedLang(request.get('Accept-Language')));
}

export interface RenderedPage extends RenderedFile {
  status: 200 | 404;
  /** A source failed and the route's own texts served: not kept. */
  degraded?: boolean;
}

export interface SeoPages {
  /**
   * In `lang`: the head, and the first screen (./shell.ts) — the SPA starts in the rendered `<html lang>`.
   * `pairAsked`: the address names a pair (`?from=`/`?to=`), so the home page's default rate is left out.
   */
  render(pathname: string, lang: Lang, pairAsked?: boolean): Promise<RenderedPage>;
}

/** The rate of the widget's first pair on offer now and the version of what it comes from (null: none on offer). */
export interface HomeRateSource {
  (): Promise<{ version: string; rate: PrerenderedRateDto } | null>;
}

export interface SeoPagesOptions {
  staticDir: string;
  publicUrl: string;
  i18n: ServerI18n;
  registry: PageRegistry;
  logger?: Pick<Logger, 'warn'>;
  /** The home page's prerendered rate (./index.ts asks the rates store). */
  homeRate?: HomeRateSource;
  /**
   * The order an order page's address names, as its page shows it (null: no such order, or a wrong
   * secret): its first screen says the current step's words. Such pages are rendered per request.
   */
  order?: (uid: string, secret: string) => Promise<OrderDto | null>;
  /** How long a rendered page is reused at most (sources without a version change unseen). */
  ttlMs?: number;
  /** Rendered pages kept at most (the least recently used go first). */
  maxEntries?: number;
  now?: () => number;
}

export const PAGE_CACHE_TTL_MS = 30_000;
export const PAGE_CACHE_MAX_ENTRIES = 2000;

interface Template {
  html: string;
  version: string;
  mtime: Date;
}

export function createSeoPages(options: SeoPagesOptions): SeoPages {
  const { publicUrl, i18n, registry, ttlMs = PAGE_CACHE_TTL_MS, maxEntries = PAGE_CACHE_MAX_ENTRIES, now = Date.now } = options;
  const file = path.join(path.resolve(options.staticDir), 'index.html');
  let template: Template | undefined;
  const cache = new Map<string, { page: Promise<RenderedPage>; expiresAt: number }>();

  /** The home page's rate; without it (a source failing) the page is drawn without one. */
  async function homeRate(): Promise<Awaited<ReturnType<HomeRateSource>>> {
    if (!options.homeRate) return null;
    try {
      return await options.homeRate();
    } catch (error) {
      options.logger?.warn({ err: error }, 'the home page rate failed; drawing the page without it');
      return null;
    }
  }

  async function readTemplate(): Promise<Template> {
    let stats;
    try {
      stats = await stat(file);
    } catch {
      throw new Error(`The SPA is not built: ${file} is missing`);
    }
    const version = `${stats.size}-${stats.mtimeMs}`;
    if (template?.version !== version) template = { html: await readFile(file, 'utf8'), version, mtime: stats.mtime };
    return template;
  }

  async function resolve(pathname: string, lang: Lang): Promise<{ meta: PageMeta; status: 200 | 404; degraded?: boolean }> {
    const t = i18n.translator(lang);
    const notFound = { meta: { title: t('seo.notFound.title'), description: t('seo.notFound.description'), noindex: true }, status: 404 as const };
    const match = matchRoute(pathname);
    if (!match) return notFound;
    const routeMeta: PageMeta = { title: t(`seo.routes.${match.route.name}.title`), description: t(`seo.routes.${match.route.name}.description`) };
    let answer;
    let degraded = false;
    try {
      answer = (await registry.meta(pathname, lang)) ?? routeMeta;
    } catch (error) {
      // A source down (the database) must not take the page down: the route's own texts serve.
      options.logger?.warn({ err: error, path: pathname }, 'page source failed; serving the route head');
      answer = routeMeta;
      degraded = true;
    }
    if ('notFound' in answer) return notFound;
    const noindex = answer.noindex || !isIndexableRoute(match.route) || isPrivatePath(pathname);
    return { meta: { ...answer, noindex }, status: 200, degraded };
  }

  /** The order of an order page's address; without it (a source failing) the page's plain heading is drawn. */
  async function orderOf(params: Record<string, string | undefined>): Promise<OrderDto | null> {
    if (!options.order || !params.uid || !params.secret) return null;
    try {
      return await options.order(params.uid, params.secret);
    } catch (error) {
      options.logger?.warn({ err: error }, 'the order page’s order failed; drawing the page without it');
      return null;
    }
  }

  async function render(pathname: string, lang: Lang, tpl: Template, rate: PrerenderedRateDto | null, order: OrderDto | null = null): Promise<RenderedPage> {
    const { meta, status, degraded } = await resolve(pathname, lang);
    const t = i18n.translator(lang);
    const head = renderHead({
      meta,
      lang,
      publicUrl,
      path: pathname,
      brand: t('common.brand'),
      home: pathname === '/',
      organizationDescription: t('seo.organization.description'),
    });
    const route = status === 200 ? matchRoute(pathname)?.route : undefined;
    const shell = route ? renderShell(route, t, { rate, order }) : '';
    const identity = Buffer.from(injectShell(injectHead(tpl.html, lang, head), shell), 'utf8');
    const tag = createHash('sha1').update(identity).digest('base64url').slice(0, 27);
    const page: RenderedPage = { status, identity, tag, type: 'html', degraded };
    if (identity.length >= COMPRESS_THRESHOLD_BYTES) {
      page.br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
      page.gzip = gzipSync(identity, { level: 9 });
    }
    return page;
  }

  return {
    async render(pathname, lang, pairAsked = false) {
      const tpl = await readTemplate();
      const match = matchRoute(pathname);
      // An order page says its order's current step: drawn per request (the status moves), never kept.
      if (match?.route.name === 'order' && options.order) return render(pathname, lang, tpl, null, await orderOf(match.params));
      // Only the home page carries a rate; its page is kept per rates version (a new one each tick).
      const home = pathname === '/' && !pairAsked ? await homeRate() : null;
      let versions: string;
      try {
        versions = await registry.version();
      } catch {
        return render(pathname, lang, tpl, home?.rate ?? null);
      }
      const variant = pathname !== '/' ? '' : pairAsked ? 'pair' : (home?.version ?? 'no-rate');
      const key = `${lang}\n${tpl.version}\n${versions}\n${pathname}\n${variant}`;
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now()) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.page;
      }
      const page = render(pathname, lang, tpl, home?.rate ?? null);
      cache.set(key, { page, expiresAt: now() + ttlMs });
      page.then(
        (rendered) => rendered.degraded && cache.delete(key),
        () => cache.delete(key),
      );
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return page;
    },
  };
}

