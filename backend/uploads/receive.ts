/**
 * `receiveSingleFile`: a multipart/form-data request with one file in the field `file`, streamed
 * by formidable into a temporary file under a hard byte limit. The client's file name and
 * Content-Type are never used (the temporary name is random, without extension).
 */
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import formidable, { errors as formidableErrors, multipart } from 'formidable';
import { MAX_UPLOAD_BYTES } from '../../common/orders';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../platform/errors';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import { FileTooLargeError } from './errors';
import type { ReceivedFile } from './types';

declare module '../platform/http/types' {
  interface AppState {
    /** Set by `receiveSingleFile`: the uploaded file, removed once the response is decided. */
    upload?: ReceivedFile;
    /** Set by `receiveFiles`: the uploaded files by field, removed once the response is decided. */
    uploads?: Record<string, ReceivedFile>;
  }
}

/** The field the one file must come in. */
export const UPLOAD_FIELD = 'file';
/** Room for the multipart framing and a few small text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** After a refusal the rest of the body is read and dropped up to this much, then the socket is cut. */
const DRAIN_LIMIT_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;
const DRAIN_LIMIT_MS = 10_000;

export interface ReceiveOptions {
  /** Largest file accepted (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
  /** Where the temporary file goes (default the OS temporary directory). */
  tempDir?: string;
}

/**
 * Reads and drops what the client still sends after a refusal, so it can finish sending and read
 * the answer (an unread body would leave the connection stalled, a reset could lose the answer);
 * past a limit of bytes or time the socket is closed.
 */
function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DRAIN_LIMIT_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) cut();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** What formidable blames on the request (anything else, e.g. a disk error, stays a 500). */
const CLIENT_FAULTS: readonly number[] = [
  formidableErrors.aborted,
  formidableErrors.noParser,
  formidableErrors.filenameNotString,
  formidableErrors.missingContentType,
  formidableErrors.malformedMultipart,
  formidableErrors.missingMultipartBoundary,
  formidableErrors.unknownTransferEncoding,
];

function toUploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return new FileTooLargeError({ cause: error });
    case formidableErrors.maxFieldsExceeded:
    case formidableErrors.maxFieldsSizeExceeded:
      return new PayloadTooLargeError({ cause: error });
    default:
      return typeof code === 'number' && CLIENT_FAULTS.includes(code) ? new BadRequestError({ cause: error }) : error;
  }
}

interface Parsed {
  files: Record<string, ReceivedFile>;
  /** Files beyond the first or in another field: refused, never written. */
  refused: number;
}

interface TempFile {
  filepath: string;
  stream: WriteStream;
}

/** Stops writing a temporary file, waits until it is closed, then deletes it. */
async function removeTempFile({ filepath, stream }: TempFile): Promise<void> {
  if (!stream.closed) {
    const closed = once(stream, 'close').catch(() => undefined);
    stream.destroy();
    await closed;
  }
  await rm(filepath, { force: true });
}

async function parse(ctx: AppContext, fields: readonly string[], maxBytes: number, tempDir: string, written: TempFile[]): Promise<Parsed> {
  const files: Record<string, ReceivedFile> = {};
  const accepted = new Set<string>();
  let refused = 0;
  const form = formidable({
    uploadDir: tempDir,
    enabledPlugins: [multipart],
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes * fields.length,
    allowEmptyFiles: true,
    minFileSize: 0,
    maxFields: 20,
    maxFieldsSize: MULTIPART_OVERHEAD,
    keepExtensions: false,
    // Our own write stream (private mode, never over an existing file), tracked so the cleanup
    // can wait for it to close before unlinking: no file can appear after the cleanup.
    fileWriteStreamHandler: (begun) => {
      // formidable passes the file it made (with its random path); its typings omit the path.
      const { filepath } = begun as unknown as { filepath: string };
      const stream = createWriteStream(filepath, { flags: 'wx', mode: 0o600 });
      written.push({ filepath, stream });
      return stream;
    },
    filter: (part) => {
      if (typeof part.name === 'string' && fields.includes(part.name) && !accepted.has(part.name)) {
        accepted.add(part.name);
        return true;
      }
      refused += 1;
      return false;
    },
  });
  form.on('file', (name, done) => {
    files[name] = { filepath: done.filepath, size: done.size };
  });
  try {
    await form.parse(ctx.req);
  } catch (error) {
    discardRest(ctx.req);
    throw toUploadError(error);
  }
  return { files, refused };
}

/**
 * Koa middleware: multipart/form-data with exactly one file in each of `fields` (no other files);
 * streams them to temporary files with a hard byte limit per file (413 file_too_large as soon as
 * the limit is passed, or at once from Content-Length); 415 unsupported_media_type if the body is
 * not multipart; 400 validation_failed if a field is missing or more files come. Calls `found`
 * with the files by field, and deletes the temporary files after downstream finishes.
 */
function receive(
  fields: readonly string[],
  options: ReceiveOptions,
  found: (ctx: AppContext, files: Record<string, ReceivedFile> | undefined) => void,
): AppMiddleware {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const tempDir = options.tempDir ?? tmpdir();
  return async function receiveFilesMiddleware(ctx: AppContext, next) {
    if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError();
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxBytes * fields.length + MULTIPART_OVERHEAD) {
      discardRest(ctx.req);
      throw new FileTooLargeError();
    }
    const written: TempFile[] = [];
    await mkdir(tempDir, { recursive: true });
    try {
      const { files, refused } = await parse(ctx, fields, maxBytes, tempDir, written);
      const missing = fields.filter((field) => !files[field]);
      if (missing.length > 0) throw new ValidationError(Object.fromEntries(missing.map((field) => [field, ctx.state.t('validation.required')])));
      if (refused > 0) throw new ValidationError(Object.fromEntries(fields.map((field) => [field, ctx.state.t('validation.max_items', { max: 1 })])));
      found(ctx, files);
      await next();
    } finally {
      found(ctx, undefined);
      await Promise.all(written.map(removeTempFile));
    }
  };
}

/** One file in the field `file` (see `receive`): sets `ctx.state.upload`. */
export function receiveSingleFile(options: ReceiveOptions = {}): AppMiddleware {
  return receive([UPLOAD_FIELD], options, (ctx, files) => {
    ctx.state.upload = files?.[UPLOAD_FIELD];
  });
}

/** One file in each of `fields` (see `receive`): sets `ctx.state.uploads`. */
export function receiveFiles(fields: readonly string[], options: ReceiveOptions = {}): AppMiddleware {
  return receive(fields, options, (ctx, files) => {
    ctx.state.uploads = files;
  });
}

/** The files `receiveFiles` put on the context (for handlers behind it). */
export function receivedFiles(ctx: AppContext): Record<string, ReceivedFile> {
  const { uploads } = ctx.state;
  if (!uploads) throw new Error('receiveFiles must run before this handler');
  return uploads;
}

/** The file `receiveSingleFile` put on the context (for handlers behind it). */
export function receivedFile(ctx: AppContext): ReceivedFile {
  const { upload } = ctx.state;
  if (!upload) throw new Error('receiveSingleFile must run before this handler');
  return upload;
}
