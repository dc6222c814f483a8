/**
 * Conditional GET and HEAD (RFC 9110 §13.2.2), one rule for every answer with a validator: the
 * monitoring exports, the catalogue and the static files.
 *
 * Unlike koa's `ctx.fresh` these ignore a request's `Cache-Control: no-cache`, which fetch() adds
 * to every request carrying If-None-Match: that asks caches to revalidate with the origin, and
 * this is the origin, so a 304 is the right answer.
 */
import type { AppContext } from './types';

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2; `*` matches). */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header === '') return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

/** If-None-Match decides when present, else If-Modified-Since against `lastModified` (an HTTP date). */
export function isNotModified(ctx: AppContext, etag: string, lastModified: string): boolean {
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch) return matchesIfNoneMatch(ifNoneMatch, etag);
  const since = Date.parse(ctx.get('If-Modified-Since'));
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}
