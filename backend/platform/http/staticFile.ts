/**
 * One file of the built SPA, in the best content coding the client accepts: the build writes
 * brotli and gzip siblings beside each compressible file (`app.js.br`, `app.js.gz`, see
 * frontend/build/precompress.ts), so nothing is compressed per request. Each coding is its own
 * representation: its own Content-Length and its own strong ETag (size and time of the file sent,
 * marked with the coding), `Vary: Accept-Encoding`, and a 304 when If-None-Match names it.
 */
import path from 'node:path';
import type { Stats } from 'node:fs';
import send from 'koa-send';
import { isPrecompressible, PRECOMPRESSED_SIBLINGS } from '../../../common/precompressed';
import { isNotModified } from './conditional';
import { acceptableCodings, type ContentCoding } from './contentCoding';
import type { AppContext } from './types';

const SUFFIX: Record<ContentCoding, string> = {
  ...Object.fromEntries(PRECOMPRESSED_SIBLINGS.map(({ coding, suffix }) => [coding, suffix])),
  identity: '',
} as Record<ContentCoding, string>;

/** Strong ETag of the bytes sent: the sibling's size and modification time, and its coding. */
function etagOf(stats: Stats, coding: ContentCoding): string {
  const tag = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
  return `"${coding === 'identity' ? tag : `${tag}-${SUFFIX[coding].slice(1)}`}"`;
}

/** Sends `file` (or its sibling in `coding`); false when that file does not exist. */
async function sendCoded(ctx: AppContext, root: string, file: string, coding: ContentCoding): Promise<boolean> {
  let etag = '';
  ctx.type = path.extname(file);
  try {
    const sent = await send(ctx, `${file}${SUFFIX[coding]}`, {
      root,
      index: false,
      hidden: false,
      // koa-send's own choice ignores q-values between br and gzip: ours is made above.
      brotli: false,
      gzip: false,
      setHeaders: (_res, _path, stats) => {
        etag = etagOf(stats, coding);
      },
    });
    if (sent === undefined) return false;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
  ctx.set('ETag', etag);
  // Only what would be a 200 becomes a 304 (RFC 9110 §15.4.5): never the SPA's 404 page.
  if (ctx.status === 200 && isNotModified(ctx, etag, ctx.response.get('Last-Modified') as string)) {
    ctx.status = 304;
    return true;
  }
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  return true;
}

/**
 * Sends `file` from `root` with `cacheControl`; false when it does not exist. A file the build
 * left without a sibling (too small to gain) goes out in the next coding the client accepts.
 */
export async function sendFile(ctx: AppContext, root: string, file: string, cacheControl: string): Promise<boolean> {
  ctx.set('Cache-Control', cacheControl);
  // Static files are compressed at build or not at all, never per request (platform/http/compress.ts).
  ctx.compress = false;
  if (!isPrecompressible(file)) return sendCoded(ctx, root, file, 'identity');
  ctx.vary('Accept-Encoding');
  const codings = acceptableCodings(ctx.get('Accept-Encoding'));
  if (!codings.includes('identity')) codings.push('identity');
  for (const coding of codings) {
    if (await sendCoded(ctx, root, file, coding)) return true;
  }
  return false;
}

/** A representation made in memory (a rendered page): its bytes and, when worth it, br and gzip copies. */
export interface RenderedFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Base of the strong ETag (a hash of `identity`); each coding gets its own ETag from it. */
  tag: string;
  /** Content-Type, as koa's `ctx.type` takes it (`html`). */
  type: string;
}

/**
 * Sends a rendered file with `status` like a static one: the best coding the client accepts that
 * has a copy, its own strong ETag, `Vary: Accept-Encoding`, and a 304 to If-None-Match (only what
 * would be a 200, never a 404 page).
 */
export function sendRendered(ctx: AppContext, file: RenderedFile, status: number, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.compress = false;
  ctx.vary('Accept-Encoding');
  const codings = acceptableCodings(ctx.get('Accept-Encoding'));
  if (!codings.includes('identity')) codings.push('identity');
  const coding = codings.find((candidate) => candidate === 'identity' || file[candidate] !== undefined) ?? 'identity';
  const body = coding === 'identity' ? file.identity : (file[coding] as Buffer);
  const etag = `"${coding === 'identity' ? file.tag : `${file.tag}-${SUFFIX[coding].slice(1)}`}"`;
  ctx.status = status;
  ctx.type = file.type;
  ctx.set('ETag', etag);
  if (status === 200 && isNotModified(ctx, etag, '')) {
    ctx.status = 304;
    return;
  }
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  ctx.body = body;
}
