/**
 * Test images made on the spot (no binary fixtures in the repo): real encodings from sharp, and
 * hand-built files for what sharp will not write (a decompression bomb, lies about the type).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { ReceivedFile } from '../types';

/** A small photo-like picture: a gradient with noise, so encoders have something to encode. */
export function picture(width = 96, height = 64): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = (x * y) % 256;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

export const GPS_EXIF = {
  IFD0: { Make: 'TestPhone', ImageDescription: 'home-address-marker' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
};

/** A JPEG whose EXIF has GPS coordinates and orientation 6 (displayed turned by 90°). */
export function jpegWithGps(width = 96, height = 64): Promise<Buffer> {
  return picture(width, height).jpeg().withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid greyscale PNG of `side`×`side` black pixels: a few hundred KB on disk for 20000×20000
 * (400 MB once decoded), built without ever holding the pixels: the zlib stream is one deflated
 * block of zero rows repeated (back-references inside it only ever reach zeros), a final empty
 * block, and the Adler-32 of N zero bytes, which is (N mod 65521) << 16 | 1.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = side + 1; // filter byte 0 + pixels
  const rowsPerBlock = Math.min(side, Math.max(1, Math.floor((4 * 1024 * 1024) / rowBytes)));
  const block = deflateRawSync(Buffer.alloc(rowBytes * rowsPerBlock), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  let rows = 0;
  for (; rows + rowsPerBlock <= side; rows += rowsPerBlock) parts.push(block);
  const rest = side - rows;
  if (rest > 0) parts.push(deflateRawSync(Buffer.alloc(rowBytes * rest), { finishFlush: constants.Z_SYNC_FLUSH }));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((rowBytes * side) % 65521) * 65536 + 1) >>> 0, 0);
  parts.push(adler);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The boundary `multipartBody` uses. */
export const BOUNDARY = '----exchanger-test-boundary';

/** A multipart/form-data body built by hand (so a test controls every header of every part). */
export function multipartBody(parts: Array<{ name: string; filename?: string; type?: string; body: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
export const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
export const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export interface UploadSandbox {
  uploadDir: string;
  /** Writes a file as if `receiveSingleFile` had received it. */
  received(name: string, content: Buffer | string): Promise<ReceivedFile>;
  cleanup(): Promise<void>;
}

/** A temporary folder for received files and an upload directory; `cleanup` removes both. */
export async function uploadSandbox(): Promise<UploadSandbox> {
  const root = await mkdtemp(path.join(tmpdir(), 'exchanger-uploads-'));
  const uploadDir = path.join(root, 'uploads');
  return {
    uploadDir,
    async received(name, content) {
      const filepath = path.join(root, name);
      await writeFile(filepath, content);
      return { filepath, size: Buffer.byteLength(content) };
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
