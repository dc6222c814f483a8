import { normalizeLocation } from '../../../common/routes';
import { carriesSecret } from '../redact';
import type { AppContext, AppMiddleware } from './types';

/** Paths the SPA navigation rules never touch. */
export const NON_PAGE_PREFIXES = ['/api', '/socket.io', '/export', '/builds', '/assets', '/metrics'] as const;

export function isPagePath(path: string): boolean {
  return !NON_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Applies the navigation rules of the spec (common/routes.ts `normalizeLocation`) to direct page
 * loads: a non-canonical location answers 301 to the canonical one, always a same-origin path.
 */
export function navigation(): AppMiddleware {
  return async function navigationMiddleware(ctx: AppContext, next) {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && isPagePath(ctx.path)) {
      const target = normalizeLocation(ctx.path, ctx.querystring ? `?${ctx.querystring}` : '');
      if (target !== null) {
        ctx.status = 301;
        ctx.set('Location', sameOriginPath(target));
        // A redirect of a reset link carries its token to the Location: no cache may keep it.
        ctx.set('Cache-Control', carriesSecret(ctx.url) ? 'no-store' : 'no-cache');
        return;
      }
    }
    await next();
  };
}

/** Guards against protocol-relative or backslash targets ever leaving the site. */
function sameOriginPath(target: string): string {
  const path = target.replace(/^[/\\]+/, '/');
  return path.startsWith('/') ? path : `/${path}`;
}
