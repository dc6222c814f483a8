/**
 * Where stored images live: `uploadDir/<kind>/<32 random hex>.<ext>`. Keys are made here and
 * checked against one strict pattern before any file system call, so a key from anywhere (a
 * database row, a URL) can never reach outside the upload directory.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../platform/errors';
import type { ImageMime, UploadKind } from './types';

const EXTENSION_OF: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const MIME_OF: Record<string, ImageMime> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const KEY_PATTERN = /^(card|receipt|kyc|blog)\/[0-9a-f]{32}\.(jpg|png|webp)$/;

export function newImageKey(kind: UploadKind, mime: ImageMime): string {
  return `${kind}/${randomBytes(16).toString('hex')}.${EXTENSION_OF[mime]}`;
}

export function isImageKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** The key's absolute path, or a 404 for anything that is not a key this module made. */
function keyPath(uploadDir: string, key: string): { file: string; mime: ImageMime } {
  const match = typeof key === 'string' ? KEY_PATTERN.exec(key) : null;
  if (!match) throw new NotFoundError();
  return { file: path.join(path.resolve(uploadDir), ...key.split('/')), mime: MIME_OF[match[2]] };
}

/** Writes a new stored file; never overwrites one (the key is random, `wx` makes sure). */
export async function writeStoredImage(uploadDir: string, key: string, data: Uint8Array): Promise<void> {
  const { file } = keyPath(uploadDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data, { flag: 'wx', mode: 0o640 });
}

/**
 * Opens a stored image for sending. Keys with path tricks and missing files answer 404
 * (NotFoundError); symbolic links are not followed.
 */
export async function openStoredImage(
  uploadDir: string,
  key: string,
): Promise<{ stream: NodeJS.ReadableStream; mime: ImageMime; bytes: number }> {
  const { file, mime } = keyPath(uploadDir, key);
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (isMissing(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new NotFoundError();
    return { stream: handle.createReadStream(), mime, bytes: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Deletes a stored image; a missing file is not an error (deleting twice is fine). */
export async function removeStoredImage(uploadDir: string, key: string): Promise<void> {
  const { file } = keyPath(uploadDir, key);
  await rm(file, { force: true });
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR';
}
