/**
 * Which static files the build compresses beside themselves (frontend/build/precompress.ts) and
 * the server serves by Accept-Encoding (backend/platform/http/staticFile.ts). Images other than SVG
 * and fonts (woff2) are compressed formats already.
 */
export const PRECOMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.ico',
  '.map',
  '.webmanifest',
]);

/** The content codings kept beside a file, best first, with the suffix of their sibling. */
export const PRECOMPRESSED_SIBLINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedCoding = (typeof PRECOMPRESSED_SIBLINGS)[number]['coding'];

function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export function isPrecompressible(file: string): boolean {
  return PRECOMPRESSIBLE_EXTENSIONS.has(extensionOf(file));
}
