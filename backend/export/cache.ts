/**
 * The prebuilt export bodies the endpoints serve as they are: rebuilt on each rate update,
 * each with a strong ETag (SHA-256 of the exact bytes) and a shared Last-Modified.
 */
import { createHash } from 'node:crypto';
import type { DirectionRateDto } from '../../common/catalogue';
import { formatRatesJson } from './json';
import { toExportRows, type ExportAsset } from './rows';
import { formatRatesTxt } from './txt';
import { formatRatesXml } from './xml';

export interface ExportBody {
  body: Buffer;
  /** Strong ETag, quotes included. */
  etag: string;
  contentType: string;
}

export interface ExportCache {
  xml: ExportBody;
  json: ExportBody;
  txt: ExportBody;
  /** HTTP date of the last change of any body. */
  lastModified: string;
  /** Directions published. */
  count: number;
}

export interface BuildExportOptions {
  now: Date;
  /** The cache this one replaces: its Last-Modified is kept when no body changed. */
  previous?: ExportCache;
}

function toBody(body: Buffer, contentType: string): ExportBody {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { body, etag, contentType };
}

function sameBodies(a: ExportCache, b: ExportCache): boolean {
  return a.xml.etag === b.xml.etag && a.json.etag === b.json.etag && a.txt.etag === b.txt.etag;
}

export function buildExportCache(
  rates: readonly DirectionRateDto[],
  assets: readonly ExportAsset[],
  { now, previous }: BuildExportOptions,
): ExportCache {
  const rows = toExportRows(rates, assets);
  const cache: ExportCache = {
    xml: toBody(formatRatesXml(rows), 'application/xml; charset=utf-8'),
    json: toBody(formatRatesJson(rows), 'application/json; charset=utf-8'),
    txt: toBody(formatRatesTxt(rows), 'text/plain; charset=utf-8'),
    lastModified: now.toUTCString(),
    count: rows.length,
  };
  if (previous && sameBodies(previous, cache)) cache.lastModified = previous.lastModified;
  return cache;
}
