/**
 * br and gzip copies of the export bodies, made once per rebuild and off the request path: zlib's
 * asynchronous calls run on libuv's thread pool, so the event loop keeps answering meanwhile.
 *
 * Settings, measured on the generated 20,000-direction catalogue (XML 3.9 MB, JSON 3.1 MB,
 * TXT 1.0 MB; bench/export-rebuild.ts): the XML in brotli 4 → 361 KB in about 25 ms, 5 → 358 KB
 * in 45 ms, 6 → 351 KB in 56 ms, 11 → 272 KB in 7.5 s; gzip 6 → 355 KB in 28 ms, 9 → 339 KB in
 * 75 ms. Rates are mostly random digits, which nothing compresses much beyond 10:1; brotli 4 and
 * gzip 6 get nearly all of it for the least CPU, paid every 2–3 s in every web process.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger } from '../platform/logger';
import type { EncodedBody, ExportCache, ExportFormat } from './cache';

export const EXPORT_CODINGS = ['br', 'gzip'] as const;
export type ExportCoding = (typeof EXPORT_CODINGS)[number];

export const EXPORT_BROTLI_QUALITY = 4;
export const EXPORT_GZIP_LEVEL = 6;

const FORMATS: readonly ExportFormat[] = ['xml', 'json', 'txt'];
const ETAG_MARK: Record<ExportCoding, string> = { br: 'br', gzip: 'gz' };

const compressors: Record<ExportCoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: EXPORT_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: EXPORT_GZIP_LEVEL }),
};

/** The ETag of a body in `coding`: the raw body's, marked inside the quotes (`"…-br"`). */
export function codedEtag(etag: string, coding: ExportCoding): string {
  return `${etag.slice(0, -1)}-${ETAG_MARK[coding]}"`;
}

/** Whether every format of `cache` has its compressed copies. */
export function isCompressed(cache: ExportCache): boolean {
  return FORMATS.every((format) => cache.encoded[format] !== undefined);
}

/**
 * Fills `cache.encoded`, one format after another, each served as soon as both its copies are
 * ready (two of the pool's four threads at a time, leaving the others to file and DNS work).
 * `reuse` is an earlier cache whose copies are taken as they are when its bytes are the same.
 */
export async function compressExports(cache: ExportCache, reuse?: ExportCache | null): Promise<void> {
  // Every ETag derives from the JSON digest (cache.ts): the same JSON ETag means the same bodies.
  if (reuse && isCompressed(reuse) && reuse.json.etag === cache.json.etag) {
    Object.assign(cache.encoded, reuse.encoded);
    return;
  }
  for (const format of FORMATS) {
    const raw = cache[format];
    const [br, gz] = await Promise.all(
      EXPORT_CODINGS.map(async (coding): Promise<EncodedBody> => ({ body: await compressors[coding](raw.body), etag: codedEtag(raw.etag, coding) })),
    );
    cache.encoded[format] = { br, gzip: gz };
  }
}

export interface ExportCompressor {
  /** Compresses `cache` when it is the newest asked for once the compression in flight ends. */
  compress(cache: ExportCache): void;
  /** Resolves once nothing is being compressed or waiting for it. */
  idle(): Promise<void>;
  /** Stops taking caches and waits for the compression in flight. */
  close(): Promise<void>;
}

/**
 * One compression at a time, always of the newest cache: a cache replaced before its turn is
 * skipped (it is no longer served), so rebuilds faster than compression never pile up work.
 */
export function createExportCompressor(logger: Logger): ExportCompressor {
  let newest: ExportCache | null = null;
  let lastDone: ExportCache | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  function next(): void {
    const cache = newest;
    if (closed || running || cache === null || isCompressed(cache)) return;
    running = compressExports(cache, lastDone)
      .then(() => {
        lastDone = cache;
      })
      .catch((error: unknown) => logger.error({ err: error }, 'compressing the exports failed; serving them uncompressed'))
      .finally(() => {
        running = null;
        next();
      });
  }

  return {
    compress(cache) {
      newest = cache;
      next();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
