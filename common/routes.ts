/**
 * The route table and the navigation rules of the product (spec §2), shared by the server
 * (301 on direct loads, 404 status for unknown paths) and the SPA (applied before every navigation).
 */

export type RouteAccess = 'public' | 'auth' | 'operator';

export interface RouteDef {
  /** Stable name; the page title lives under `pages.<name>.title` in the locales. */
  name: string;
  /** wouter-style pattern: static segments and `:param` segments. */
  path: string;
  access: RouteAccess;
  /** Shown in the header navigation. */
  nav?: boolean;
  /** Shown in the footer. */
  footer?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'home', path: '/', access: 'public' },
  { name: 'aboutService', path: '/about-service', access: 'public', footer: true },
  { name: 'auth', path: '/auth/:token', access: 'public' },
  { name: 'blog', path: '/blog', access: 'public', nav: true },
  { name: 'blogPost', path: '/blog/:id', access: 'public' },
  { name: 'clients', path: '/clients', access: 'public', footer: true },
  { name: 'contacts', path: '/contacts', access: 'public', nav: true },
  { name: 'documentation', path: '/documentation', access: 'public', footer: true },
  { name: 'confirmError', path: '/error/confirm/account', access: 'public' },
  { name: 'faq', path: '/faq', access: 'public', nav: true },
  { name: 'guide', path: '/guide', access: 'public', footer: true },
  { name: 'login', path: '/login', access: 'public' },
  { name: 'order', path: '/order/:uid/:secret', access: 'public' },
  { name: 'partners', path: '/partners', access: 'public', nav: true },
  { name: 'reserves', path: '/reserves', access: 'public', nav: true },
  { name: 'resetPassword', path: '/reset-password', access: 'public' },
  { name: 'restorePassword', path: '/restore-password', access: 'public' },
  { name: 'reviews', path: '/reviews', access: 'public', nav: true },
  { name: 'allReviews', path: '/reviews/all-reviews', access: 'public' },
  { name: 'signUp', path: '/sign-up', access: 'public' },
  { name: 'confirmSuccess', path: '/success/confirm/account', access: 'public' },
  { name: 'test', path: '/test', access: 'public' },
  { name: 'disableOtp', path: '/user-actions/disable-otp', access: 'public' },
  { name: 'enableOtp', path: '/user-actions/enable-otp', access: 'auth' },
  { name: 'verification', path: '/user-actions/verification', access: 'auth' },
  { name: 'withdraw', path: '/user-actions/withdraw', access: 'auth' },
  { name: 'userApi', path: '/user/api', access: 'auth' },
  { name: 'userExchanges', path: '/user/exchanges', access: 'auth' },
  { name: 'userPartner', path: '/user/partner', access: 'auth' },
  { name: 'userProfile', path: '/user/profile', access: 'auth' },
  { name: 'userRequisites', path: '/user/requisites', access: 'auth' },
  // Screens named in the interface texts (paths are ours: the spec does not show them).
  { name: 'howItWorks', path: '/how-it-works', access: 'public', footer: true },
  { name: 'aboutUs', path: '/about-us', access: 'public', footer: true },
  { name: 'terms', path: '/terms', access: 'public', footer: true },
  { name: 'amlKyc', path: '/aml-kyc', access: 'public', footer: true },
  { name: 'sitemap', path: '/sitemap', access: 'public', footer: true },
  { name: 'cash', path: '/cash', access: 'public', footer: true },
  { name: 'maintenance', path: '/maintenance', access: 'public' },
  // Per-pair landing pages (spec §2: coins to Russian bank roubles, to a Kyrgyz bank som card).
  { name: 'cryptoToRub', path: '/crypto-to-rub', access: 'public', footer: true },
  { name: 'cryptoToKgs', path: '/crypto-to-kgs', access: 'public', footer: true },
  { name: 'pairLanding', path: '/exchange/:from/:to', access: 'public' },
  { name: 'operator', path: '/operator', access: 'operator' },
  { name: 'operatorSection', path: '/operator/:section', access: 'operator' },
];

/** The user-area section: every path under it requires sign-in. */
export const USER_AREA_PREFIXES = ['/user/'] as const;

export type RouteParams = Record<string, string>;

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** Matches a pathname (no query) against one pattern; params are URI-decoded. */
export function matchPattern(pattern: string, pathname: string): RouteParams | null {
  const p = splitPath(pattern);
  const s = splitPath(pathname);
  if (p.length !== s.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i];
    if (seg.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(s[i]);
      } catch {
        return null;
      }
      if (!value) return null;
      params[seg.slice(1)] = value;
    } else if (seg !== s[i]) {
      return null;
    }
  }
  return params;
}

export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

export function routeByName(name: string): RouteDef {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  return route;
}

/** Builds a path from a route name and its params. */
export function pathFor(name: string, params: RouteParams = {}): string {
  return routeByName(name)
    .path.split('/')
    .map((seg) => (seg.startsWith(':') ? encodeURIComponent(params[seg.slice(1)] ?? '') : seg))
    .join('/') || '/';
}

/**
 * Applies the navigation rules of spec §2 to a location. Returns the location to redirect to,
 * or null when the location is already canonical. `search` is the raw query string ('' or '?…').
 *
 * - `/ru/…` and `/en/…` (and bare `/ru`, `/en`) lose the prefix;
 * - `/reset-password/<token>` → `/?resetToken=<token>`;
 * - a trailing slash is removed;
 * - `/index.php` and `/index.html` → `/`.
 */
export function normalizeLocation(pathname: string, search = ''): string | null {
  let path = pathname || '/';
  let query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';

  // Browsers read `\` as `/` in a path: fold it, then collapse repeated slashes, so neither
  // `//evil.example` nor `/\evil.example` can ever become a protocol-relative redirect.
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');

  const locale = /^\/(ru|en)(?=\/|$)/.exec(path);
  if (locale) path = path.slice(locale[0].length) || '/';

  const reset = /^\/reset-password\/([^/]+)/.exec(path);
  if (reset) {
    const params = new URLSearchParams(query);
    params.set('resetToken', safeDecode(reset[1]));
    return `/?${params.toString()}`;
  }

  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';

  if (path === '/index.php' || path === '/index.html') path = '/';

  const result = path + query;
  const original = pathname + (search && search !== '?' ? query : '');
  return result === original ? null : result;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether a signed-out visitor must be sent to /login for this path. */
export function requiresSignIn(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (match) return match.route.access !== 'public';
  return USER_AREA_PREFIXES.some((p) => pathname.startsWith(p));
}
