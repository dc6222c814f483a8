/**
 * Writes brotli and gzip copies beside each compressible file of a build (`app.js.br`,
 * `app.js.gz`), once, at the highest settings: the server sends them by Accept-Encoding
 * (backend/platform/http/staticFile.ts) and compresses nothing per request. A copy that would not be
 * smaller than its file is not written.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isPrecompressible, PRECOMPRESSED_SIBLINGS, type PrecompressedCoding } from '../../common/precompressed';

const compressors: Record<PrecompressedCoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

export interface PrecompressResult {
  /** Compressible files seen. */
  files: number;
  /** Their bytes, and the bytes of their best copy in each coding (the file itself where none was written). */
  bytes: number;
  coded: Record<PrecompressedCoding, number>;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

/** Compresses every compressible file under `dir` (the siblings of an earlier run are replaced). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, coded: { br: 0, gzip: 0 } };
  const files = (await listFiles(dir)).filter((file) => isPrecompressible(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      result.files += 1;
      result.bytes += data.length;
      for (const { coding, suffix } of PRECOMPRESSED_SIBLINGS) {
        const coded = await compressors[coding](data);
        const smaller = coded.length < data.length;
        if (smaller) await writeFile(`${file}${suffix}`, coded);
        else await rm(`${file}${suffix}`, { force: true });
        result.coded[coding] += smaller ? coded.length : data.length;
      }
    }),
  );
  return result;
}
