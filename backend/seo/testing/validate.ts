/**
 * Validates a sitemap against the sitemaps.org 0.9 schemas stored beside this file, with xmllint
 * (Debian's libxml2-utils; .ci/run installs it). Also checks what a schema cannot: at most
 * 50,000 URLs and 50 MB per file, and absolute http(s) locations.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from '../sitemap';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SITEMAP_XSD = path.join(HERE, 'sitemap.xsd');
export const SITEINDEX_XSD = path.join(HERE, 'siteindex.xsd');

export interface Validation {
  valid: boolean;
  errors: string[];
}

/** xmllint --schema on `xml` (the schema chosen by its root element), plus the protocol's limits. */
export async function validateSitemap(xml: string): Promise<Validation> {
  const index = /<sitemapindex[\s>]/.test(xml);
  const dir = await mkdtemp(path.join(tmpdir(), 'sitemap-'));
  const file = path.join(dir, 'sitemap.xml');
  const errors: string[] = [];
  try {
    await writeFile(file, xml);
    try {
      await run('xmllint', ['--noout', '--nonet', '--schema', index ? SITEINDEX_XSD : SITEMAP_XSD, file]);
    } catch (error) {
      const { stderr, code } = error as { stderr?: string; code?: string | number };
      if (code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
      errors.push(...String(stderr ?? error).split('\n').filter((line) => line.trim() && !line.endsWith('fails to validate')));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  if (locs.length > SITEMAP_MAX_URLS) errors.push(`${locs.length} URLs: more than ${SITEMAP_MAX_URLS}`);
  if (Buffer.byteLength(xml) > SITEMAP_MAX_BYTES) errors.push(`${Buffer.byteLength(xml)} bytes: more than ${SITEMAP_MAX_BYTES}`);
  for (const loc of locs) if (!/^https?:\/\/[^/\s]+\//.test(loc)) errors.push(`not an absolute URL: ${loc}`);
  return { valid: errors.length === 0, errors };
}
