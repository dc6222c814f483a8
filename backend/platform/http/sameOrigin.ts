import { CsrfRejectedError } from '../errors';
import type { AppContext, AppMiddleware } from './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie-authenticated API, on top of SameSite=Lax cookies: an unsafe
 * request is rejected when the browser says it is cross-site (`Sec-Fetch-Site`) or its `Origin`
 * is neither PUBLIC_URL's origin nor the request's own. Requests without these headers
 * (servers, partner integrations, CLI tools) are not browser requests and pass.
 */
export function sameOrigin(publicUrl: string): AppMiddleware {
  const publicOrigin = new URL(publicUrl).origin;
  return async function sameOriginMiddleware(ctx: AppContext, next) {
    if (!SAFE_METHODS.has(ctx.method)) {
      const fetchSite = ctx.get('Sec-Fetch-Site');
      const origin = ctx.get('Origin');
      // Not ctx.origin: Koa 3 answers the Origin header there, not the request's own origin.
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      if (fetchSite === 'cross-site' || (origin !== '' && origin !== publicOrigin && origin !== ownOrigin)) {
        throw new CsrfRejectedError();
      }
    }
    await next();
  };
}
