/**
 * The sitemap in the sitemaps.org 0.9 protocol: one `<urlset>` while it holds at most 50,000 URLs
 * and 50 MB, else a `<sitemapindex>` at /sitemap.xml naming its parts /sitemaps/{n}.xml.
 */
import type { SitemapEntry } from './types';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const SITEMAP_MAX_URLS = 50_000;
/** 50 MiB, uncompressed (the protocol's limit). */
export const SITEMAP_MAX_BYTES = 52_428_800;
/** The parts of an index: /sitemaps/1.xml… */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/** W3C datetime, seconds precision, UTC. */
export const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n`;
const TAIL = '</urlset>\n';

function urlElement(publicUrl: string, entry: SitemapEntry): string {
  const parts = [`<loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>`];
  if (entry.lastmod && !Number.isNaN(entry.lastmod.getTime())) parts.push(`<lastmod>${w3cDate(entry.lastmod)}</lastmod>`);
  if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
  if (entry.priority !== undefined) parts.push(`<priority>${Math.min(1, Math.max(0, entry.priority)).toFixed(1)}</priority>`);
  return `  <url>${parts.join('')}</url>\n`;
}

export interface SitemapSet {
  /** What /sitemap.xml answers: the single urlset, or the index of the parts. */
  root: string;
  /** The urlsets of an index (empty when `root` is the urlset itself). */
  parts: string[];
}

export interface SitemapLimits {
  maxUrls?: number;
  maxBytes?: number;
}

/** Builds the sitemap (or the index and its parts) of `entries` under `publicUrl` (no trailing slash). */
export function buildSitemaps(publicUrl: string, entries: SitemapEntry[], limits: SitemapLimits = {}): SitemapSet {
  const { maxUrls = SITEMAP_MAX_URLS, maxBytes = SITEMAP_MAX_BYTES } = limits;
  const frame = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  const files: string[][] = [[]];
  let bytes = frame;
  for (const entry of entries) {
    const element = urlElement(publicUrl, entry);
    const size = Buffer.byteLength(element);
    const current = files[files.length - 1];
    if (current.length > 0 && (current.length >= maxUrls || bytes + size > maxBytes)) {
      files.push([]);
      bytes = frame;
    }
    files[files.length - 1].push(element);
    bytes += size;
  }
  const urlsets = files.map((elements) => `${HEAD}${elements.join('')}${TAIL}`);
  if (urlsets.length === 1) return { root: urlsets[0], parts: [] };
  const now = w3cDate(new Date());
  const index =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    urlsets.map((_, i) => `  <sitemap><loc>${escapeXml(`${publicUrl}${sitemapPartPath(i + 1)}`)}</loc><lastmod>${now}</lastmod></sitemap>\n`).join('') +
    '</sitemapindex>\n';
  return { root: index, parts: urlsets };
}

/** robots.txt: the private areas kept out, the sitemap named. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...['/user', '/operator', '/order', '/api', '/auth/'].map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
