import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import koaCompress from 'koa-compress';
import { chooseCoding } from './contentCoding';
import type { AppMiddleware } from './types';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality and gzip level for answers compressed per request (the API's JSON: the exports and
 * the static files bring compressed copies of their own). The fastest of each: on the board's
 * 49 KB page (bench:board) br 1 takes 0.09 ms for 3.2 KB where br 4 took 0.51 ms for 2.6 KB, and
 * gzip 1 0.10 ms for 3.4 KB where gzip 6 took 0.53 ms for 3.0 KB — half a kilobyte is nothing to
 * a browser, 0.4 ms is a tenth of the request. 11, a hundred times slower, is for files compressed
 * once (the build).
 */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 1;

/**
 * Brotli quality and gzip level of a shared body (`shareBody`): compressed once per body and
 * coding, then sent as it is to every request. On the generated catalogue's asset list (229 KB of
 * JSON) br 5 gives 20.4 KB in 2.5 ms where br 1 gives 28.9 KB in 0.8 ms — per request; gzip 6
 * 24.5 KB in 1.9 ms where gzip 1 gives 32.1 KB in 1.3 ms. Higher levels cost far more for little
 * (br 9: 20.1 KB in 16 ms).
 */
export const SHARED_BROTLI_QUALITY = 5;
export const SHARED_GZIP_LEVEL = 6;

/**
 * Bodies answered to many requests and never changed, with the compressed copies made of them so
 * far (a large body's copy is a promise: it is made on zlib's thread pool, and the requests that
 * arrive meanwhile wait for that one copy).
 */
const sharedBodies = new WeakMap<Buffer, Partial<Record<Coding, Buffer>> & { later?: Partial<Record<Coding, Promise<Buffer>>> }>();

/**
 * Marks `body` as one answer shared by every request that sends it, never changed after this
 * (a cached serialisation: the catalogue's parts): compressInPlace compresses it once per coding
 * and keeps the copy with it (gone with the body). Returns `body`.
 */
export function shareBody(body: Buffer): Buffer {
  if (!sharedBodies.has(body)) sharedBodies.set(body, {});
  return body;
}

type Coding = 'br' | 'gzip';
type Levels = 'shared' | 'dynamic';

function brotliOptions(levels: Levels, size: number) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: levels === 'shared' ? SHARED_BROTLI_QUALITY : DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

function gzipOptions(levels: Levels) {
  return { level: levels === 'shared' ? SHARED_GZIP_LEVEL : DYNAMIC_GZIP_LEVEL };
}

function compressed(body: string | Buffer, encoding: Coding, size: number, levels: Levels): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(levels, size)) : gzipSync(body, gzipOptions(levels));
}

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * Compresses dynamic answers (the API's JSON and other text) of COMPRESS_THRESHOLD_BYTES and more,
 * in br or gzip by Accept-Encoding (koa-compress; it adds `Vary: Accept-Encoding`). Answers that
 * are already compressed or compressed elsewhere opt out with `ctx.compress = false`: the static
 * files and the monitoring exports keep compressed copies of their own. Socket.IO never passes
 * through Koa (and has its own perMessageDeflate).
 *
 * An answer that may be compressed here carries a weak ETag: a strong one names exact bytes, and
 * the gzip, br and identity bytes differ (If-None-Match compares weakly, so 304s still work).
 */
/**
 * A JSON answer (an object body) is serialized here, once: left an object, Koa's `length` would
 * stringify it for the threshold and koa-compress (or Koa's own respond) again for the bytes —
 * on the board's 50-row page each pass cost about half a millisecond. The string keeps the JSON
 * Content-Type Koa gave the object and gets its Content-Length.
 */
function serializeOnce(ctx: Parameters<AppMiddleware>[0]): void {
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  if (ctx.method === 'HEAD') return;
  ctx.body = JSON.stringify(body);
}

/**
 * JSON answers up to this size are compressed in place (below); larger ones go through zlib's thread
 * pool: a stream per request, or, for a shared body, one copy per coding (compressSharedLarge).
 */
export const COMPRESS_IN_PLACE_MAX_BYTES = 256 * 1024;

/**
 * A JSON answer (serializeOnce's, or a route's own JSON bytes: the catalogue's snapshot), compressed
 * in place into a Buffer: at br 1 / gzip 1 the board's
 * page takes ~0.05 ms, while a zlib stream costs Koa a stream pipeline per answer (an
 * AbortController, a DOMException with its stack when it finishes — ~0.15–0.2 ms in the board's
 * profile) and several writes. The same conditions as koa-compress (which then sees the
 * Content-Encoding and leaves the answer alone), the coding by contentCoding.ts (q-values, ties to
 * br); larger answers keep koa-compress's stream, unless shared. A shared body (`shareBody`) is
 * compressed once per coding, at the shared levels.
 */
function compressInPlace(ctx: Parameters<AppMiddleware>[0], { body, encoding, size }: Compressible): void {
  const kept = Buffer.isBuffer(body) ? sharedBodies.get(body) : undefined;
  const bytes = kept?.[encoding] ?? compressed(body, encoding, size, kept ? 'shared' : 'dynamic');
  if (kept) kept[encoding] = bytes;
  ctx.set('Content-Encoding', encoding);
  ctx.body = bytes;
}

interface Compressible {
  body: string | Buffer;
  encoding: Coding;
  size: number;
}

/** The answer's body, coding and size when it is JSON that may be compressed here (koa-compress's conditions). */
function compressible(ctx: Parameters<AppMiddleware>[0]): Compressible | null {
  const body = ctx.body;
  if ((typeof body !== 'string' && !Buffer.isBuffer(body)) || ctx.compress === false || ctx.res.headersSent || ctx.method === 'HEAD' || !ctx.response.is('json')) return null;
  if ([204, 205, 206, 304].includes(ctx.status) || ctx.response.get('Content-Encoding') || ctx.response.get('Content-Range')) return null;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(ctx.response.get('Cache-Control') ?? ''))) return null;
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (size < COMPRESS_THRESHOLD_BYTES) return null;
  const encoding = chooseCoding(ctx.get('Accept-Encoding'));
  return encoding === 'identity' ? null : { body, encoding, size };
}

/**
 * A shared body above COMPRESS_IN_PLACE_MAX_BYTES (the whole catalogue, the rates of every
 * direction: megabytes on the generated catalogue), compressed once per coding on zlib's thread
 * pool — not on the event loop, and not again by a stream for every request that asks for it. The
 * requests that come while it is made wait for the same copy; a failure is not kept (the next
 * request tries again). At the per-request levels (br 1 / gzip 1): the rates of every direction
 * change every tick, and on their 4.9 MB br 5 takes 71 ms where br 1 takes 10 ms for 16 % more
 * bytes — so a body asked for once a tick never costs more than its stream did.
 */
async function compressSharedLarge(ctx: Parameters<AppMiddleware>[0], { body, encoding, size }: Compressible): Promise<void> {
  const kept = Buffer.isBuffer(body) ? sharedBodies.get(body) : undefined;
  if (!kept) return;
  let bytes = kept[encoding];
  if (!bytes) {
    const later = (kept.later ??= {});
    const making = (later[encoding] ??= encoding === 'br' ? brotliLater(body, brotliOptions('dynamic', size)) : gzipLater(body, gzipOptions('dynamic')));
    try {
      bytes = await making;
      kept[encoding] = bytes;
    } finally {
      delete later[encoding];
    }
  }
  ctx.set('Content-Encoding', encoding);
  ctx.body = bytes;
}

export function compressAnswers(): AppMiddleware {
  const compressor = koaCompress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    gzip: { level: DYNAMIC_GZIP_LEVEL },
    deflate: false,
    zstd: false,
  });
  return async function compressAnswersMiddleware(ctx, next) {
    let codedBelow = false;
    await compressor(ctx, async () => {
      await next();
      codedBelow = Boolean(ctx.response.get('Content-Encoding'));
      serializeOnce(ctx);
      const wanted = compressible(ctx);
      if (wanted && wanted.size <= COMPRESS_IN_PLACE_MAX_BYTES) compressInPlace(ctx, wanted);
      else if (wanted) await compressSharedLarge(ctx, wanted);
    });
    const etag = String(ctx.response.get('ETag') ?? '');
    if (etag.startsWith('"') && ctx.compress !== false && !codedBelow) ctx.set('ETag', `W/${etag}`);
  };
}
