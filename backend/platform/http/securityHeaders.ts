import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'koa';
import helmet from 'koa-helmet';
import { counterSources, type ChatWidgetProvider } from '../../../common/counters';
import { isBuiltAsset } from './spa';
import type { AppMiddleware } from './types';

const HSTS_MAX_AGE = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

export interface SecurityHeadersOptions {
  /** The site is served over https (PUBLIC_URL): adds HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** reCAPTCHA keys are configured: its script and frames (google.com, gstatic.com) are allowed. */
  captcha?: boolean;
  /** The counters configured (ANALYTICS_ID, CHAT_WIDGET_ID): their hosts are allowed, no others. */
  counters?: { analytics: boolean; chat: ChatWidgetProvider | null };
}

/** What Google's reCAPTCHA v2/v3 loads: its script, its challenge frames and its verify calls. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Security headers through helmet, with a Content-Security-Policy that allows only what the
 * Vite build needs: scripts and styles from our origin (no inline scripts), images and fonts from
 * our origin or inlined as data: URIs, blob: images for upload previews, XHR/WebSocket to our
 * origin. Inline styles stay allowed because React and the UI kit set element styles at runtime.
 */
export function securityHeaders(options: SecurityHeadersOptions): AppMiddleware {
  const helmetMiddleware = helmetFor(options);
  return async function securityHeadersMiddleware(ctx, next) {
    if (!isBuiltAsset(ctx)) {
      await helmetMiddleware(ctx, next);
      return;
    }
    // A script, style sheet or image of the build is never a document: the policy, framing and
    // referrer headers apply to documents only, and on HTTP/1.1 they would cost ~600 bytes on each
    // of a page's 20–30 files (docs/benchmarks.md, session 22). What does apply to a subresource stays.
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (options.https) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}

/** A Node `(req, res, next)` middleware, as Socket.IO's `io.engine.use()` takes. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The same headers on answers that never pass through Koa: Socket.IO's engine (long-polling
 * answers, handshake refusals, the WebSocket upgrade) through `io.engine.use()`.
 */
export function nodeSecurityHeaders(options: SecurityHeadersOptions): NodeMiddleware {
  const helmetMiddleware = helmetFor(options);
  return function engineSecurityHeaders(req, res, next) {
    // koa-helmet reads nothing of the context but the Node request and response.
    helmetMiddleware({ req, res } as Context, async () => undefined).then(() => next(), next);
  };
}

function helmetFor(options: SecurityHeadersOptions) {
  const counters = counterSources(options.counters ?? { analytics: false, chat: null });
  const frames = [...(options.captcha ? RECAPTCHA_FRAMES : []), ...counters.frame];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...(options.captcha ? RECAPTCHA_SCRIPTS : []), ...counters.script],
        frameSrc: frames.length > 0 ? frames : ["'none'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...counters.style],
        imgSrc: ["'self'", 'data:', 'blob:', ...counters.img],
        fontSrc: ["'self'", 'data:', ...counters.font],
        connectSrc: ["'self'", ...(options.captcha ? ['https://www.google.com/recaptcha/'] : []), ...counters.connect],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
}
