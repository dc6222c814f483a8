import path from 'node:path';
import { matchRoute } from '../../../common/routes';
import { MethodNotAllowedError, NotFoundError } from '../errors';
import { carriesSecret } from '../redact';
import { sendFile, sendRendered, type RenderedFile } from './staticFile';
import type { AppContext, AppMiddleware } from './types';

/** Hashed build output: cached for a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and build manifests: always revalidated so a new build is seen at once. */
export const REVALIDATE_CACHE = 'no-cache';
/** index.html at a capability URL (the order page, reset and activation links): kept by no cache. */
export const CAPABILITY_PAGE_CACHE = 'no-store';
/** Unhashed files copied from the SPA's public folder (favicon, robots.txt). */
export const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const READ_METHODS = ['GET', 'HEAD'];

/** Hashed build output (`/assets/*`): the same bytes for every visitor and language, never a page. */
export function isBuiltAsset(ctx: Pick<AppContext, 'path' | 'method'>): boolean {
  return ctx.path.startsWith('/assets/') && READ_METHODS.includes(ctx.method);
}

/**
 * Renders index.html for a page path (backend/seo/pages.ts: the page's own head in the visitor's
 * language, decided by `lang`); `status` 404 when the path names no page.
 */
export interface PageRenderer {
  /** The page's language from the request; the answer then varies by `vary`. */
  lang(ctx: AppContext): string;
  readonly vary: readonly string[];
  /** `search`: the address's query (a page may differ by it, e.g. a pair asked for). */
  render(pathname: string, lang: string, search: URLSearchParams): Promise<RenderedFile & { status: 200 | 404 }>;
}

/**
 * Serves the built SPA from `staticDir`: `/assets/*` with immutable caching, `/builds/*.json`
 * revalidated, files of the public folder, and index.html for every other page path — with status
 * 200 when the route table knows the path and 404 otherwise (the SPA then shows its 404 page).
 * With `pages`, index.html is rendered per page and language instead of sent as it is.
 */
export function spa(staticDir: string, pages?: PageRenderer): AppMiddleware {
  const root = path.resolve(staticDir);
  return async function spaMiddleware(ctx: AppContext) {
    if (!READ_METHODS.includes(ctx.method)) throw new MethodNotAllowedError(READ_METHODS);

    if (isBuiltAsset(ctx)) {
      if (!(await sendFile(ctx, root, ctx.path, IMMUTABLE_CACHE))) throw new NotFoundError();
      // The file is the same in every language (the `lang` middleware marked every answer).
      ctx.set('Vary', 'Accept-Encoding');
      return;
    }
    if (ctx.path.startsWith('/builds/')) {
      if (!ctx.path.endsWith('.json') || !(await sendFile(ctx, root, ctx.path, REVALIDATE_CACHE))) {
        throw new NotFoundError();
      }
      return;
    }
    if (path.posix.extname(ctx.path) !== '' && (await sendFile(ctx, root, ctx.path, PUBLIC_FILE_CACHE))) return;

    const pageCache = carriesSecret(ctx.url) ? CAPABILITY_PAGE_CACHE : REVALIDATE_CACHE;
    if (pages) {
      const page = await pages.render(ctx.path, pages.lang(ctx), new URLSearchParams(ctx.querystring));
      for (const field of pages.vary) ctx.vary(field);
      sendRendered(ctx, page, page.status, pageCache);
      return;
    }
    const known = matchRoute(ctx.path) !== null;
    // Set before sending: the SPA's 404 page is sent whole, never answered 304.
    if (!known) ctx.status = 404;
    if (!(await sendFile(ctx, root, '/index.html', pageCache))) {
      throw new Error(`The SPA is not built: ${path.join(root, 'index.html')} is missing`);
    }
  };
}
