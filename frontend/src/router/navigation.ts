import { useLayoutEffect } from 'react';
import {
  navigate as browserNavigate,
  usePathname,
  useSearch as useBrowserSearch,
} from 'wouter/use-browser-location';
import { normalizeLocation } from '../../../common/routes';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface CanonicalLocation {
  path: string;
  /** '' or '?…' */
  search: string;
  /** The canonical URL (path + search) when the browser's one differs, else null. */
  redirect: string | null;
}

function canonicalLocation(pathname: string, search: string): CanonicalLocation {
  const redirect = normalizeLocation(pathname, search);
  if (redirect === null) return { path: pathname, search, redirect };
  const queryAt = redirect.indexOf('?');
  return queryAt === -1
    ? { path: redirect, search: '', redirect }
    : { path: redirect.slice(0, queryAt), search: redirect.slice(queryAt), redirect };
}

/** The canonical form (spec §2 navigation rules) of a same-origin URL: path + search + hash. */
export function canonicalHref(url: URL): string {
  const canonical = canonicalLocation(url.pathname, url.search);
  return canonical.path + canonical.search + url.hash;
}

/**
 * The only way the app navigates: the navigation rules are applied first; a URL on another
 * origin (an external redirect) causes a full page load.
 */
export function navigate(to: string | URL, options: NavigateOptions = {}): void {
  const url = new URL(String(to), window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  browserNavigate(canonicalHref(url), options);
}

/**
 * wouter location hook. Whatever changed the URL (link, `navigate()`, back/forward, first load,
 * a raw `history.pushState`), the app only ever sees the canonical location: a non-canonical
 * one is replaced in the address bar before paint.
 */
export function useCanonicalLocation(): [string, typeof navigate] {
  const canonical = canonicalLocation(usePathname(), useBrowserSearch());
  const { redirect } = canonical;
  useLayoutEffect(() => {
    if (redirect !== null) browserNavigate(redirect + window.location.hash, { replace: true });
  }, [redirect]);
  return [canonical.path, navigate];
}

/** wouter search hook matching `useCanonicalLocation` ('' or '?…'). */
export function useCanonicalSearch(): string {
  return canonicalLocation(usePathname(), useBrowserSearch()).search;
}

/**
 * A `next` target that is safe to send a visitor to after signing in: a same-site path only
 * (never `//host` or `/\host`, which browsers treat as another origin).
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(next)) return null;
  return next;
}

/** `/login?next=<path>` for a page that needs sign-in. */
export function loginPathFor(pathAndSearch: string): string {
  return `/login?${new URLSearchParams({ next: pathAndSearch }).toString()}`;
}
