import helmet from 'koa-helmet';
import type { AppMiddleware } from './types';

export interface SecurityHeadersOptions {
  /** The site is served over https (PUBLIC_URL): adds HSTS and upgrade-insecure-requests. */
  https: boolean;
}

/**
 * Security headers through helmet, with a Content-Security-Policy that allows only what the
 * Vite build needs: scripts and styles from our origin (no inline scripts), images and fonts from
 * our origin or inlined as data: URIs, blob: images for upload previews, XHR/WebSocket to our
 * origin. Inline styles stay allowed because React and the UI kit set element styles at runtime.
 */
export function securityHeaders(options: SecurityHeadersOptions): AppMiddleware {
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  return async function securityHeadersMiddleware(ctx, next) {
    await helmetMiddleware(ctx, next);
  };
}
