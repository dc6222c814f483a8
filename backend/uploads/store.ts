/**
 * Turns a received upload into a stored image. Each step refuses before the next costs more:
 * size on disk → magic bytes (file-type) → header dimensions (sharp metadata, no pixels decoded)
 * → full decode under the pixel limit → re-encode.
 *
 * What is stored: PNG stays PNG (lossless, for screenshots of bank apps); JPEG and WebP become
 * JPEG (quality 85, libjpeg-turbo; a WebP's transparency is flattened on white). WebP is not
 * written because its encoder costs seconds of CPU on large pictures (an easy way to load the
 * server), and mozjpeg was ~7× slower than libjpeg-turbo here. Pictures are scaled down to fit
 * in MAX_STORED_SIDE (still sharp enough to read a card number or a receipt, and it bounds the
 * work and the disk an upload costs). The new file has no metadata at all (EXIF with GPS, XMP,
 * IPTC, comments; ICC converted to sRGB), is turned upright from the EXIF orientation, and
 * carries nothing appended to the original (polyglot payloads go with the original bytes).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, MAX_UPLOAD_SIDE, UPLOAD_ACCEPT } from '../../common/orders';
import { sharp, UNTRUSTED_INPUT } from './decode';
import { FileTooLargeError, ImageTooLargeError, NotAnImageError } from './errors';
import { Slots } from './slots';
import { newImageKey, writeStoredImage } from './storage';
import type { ImageMime, ReceivedFile, StoredImage, UploadKind } from './types';

/** sharp's format name for each accepted type. */
const SHARP_FORMAT: Record<ImageMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

function isAccepted(mime: string | undefined): mime is ImageMime {
  return (UPLOAD_ACCEPT as readonly string[]).includes(mime ?? '');
}

/** Reads the upload whole (it is at most MAX_UPLOAD_BYTES): checks then run on the same bytes. */
async function readUpload(file: ReceivedFile): Promise<Buffer> {
  const { size } = await stat(file.filepath);
  if (size === 0) throw new NotAnImageError();
  if (size > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
  return readFile(file.filepath);
}

/** The type told by the file's first bytes, and sharp's reading of the header agreeing with it. */
async function checkHeader(input: Buffer): Promise<ImageMime> {
  const detected = await fileTypeFromBuffer(input);
  if (!isAccepted(detected?.mime)) throw new NotAnImageError();
  let header: Metadata;
  try {
    // Only the header is parsed here; the pixel limit is checked below with a clear error.
    header = await sharp(input, { ...UNTRUSTED_INPUT, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new NotAnImageError({ cause: error });
  }
  if (header.format !== SHARP_FORMAT[detected.mime]) throw new NotAnImageError();
  const { width, height } = header;
  if (!width || !height) throw new NotAnImageError();
  if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE || width * height > MAX_UPLOAD_PIXELS) {
    throw new ImageTooLargeError();
  }
  return detected.mime;
}

/** Largest side of a stored picture; larger ones are scaled down to fit. */
export const MAX_STORED_SIDE = 4096;
/** Re-encodes at once in this process (a 40-megapixel picture keeps a thread busy ~1 s). */
const reencodes = new Slots(2);

interface Encoded {
  data: Buffer;
  mime: ImageMime;
  width: number;
  height: number;
}

async function reencode(input: Buffer, mime: ImageMime): Promise<Encoded> {
  const pipeline = sharp(input, UNTRUSTED_INPUT)
    .autoOrient()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
  const output: ImageMime = mime === 'image/png' ? 'image/png' : 'image/jpeg';
  if (output === 'image/png') pipeline.png();
  else pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime: output, width: info.width, height: info.height };
  } catch (error) {
    // Truncated or corrupt pixel data (sharp fails on the first warning).
    throw new NotAnImageError({ cause: error });
  }
}

/**
 * Checks and stores one uploaded image under `uploadDir/<kind>/<random>.<ext>`. The received
 * file is left where it is (receiveSingleFile removes it). Throws NotAnImageError (415),
 * FileTooLargeError (413) or ImageTooLargeError (422).
 */
export async function storeImage(uploadDir: string, file: ReceivedFile, kind: UploadKind): Promise<StoredImage> {
  const input = await readUpload(file);
  const detected = await checkHeader(input);
  const { data, mime, width, height } = await reencodes.run(() => reencode(input, detected));
  const key = newImageKey(kind, mime);
  await writeStoredImage(uploadDir, key, data);
  return { key, mime, width, height, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}
