/**
 * The prebuilt export bodies the endpoints serve as they are: rebuilt on each rate update,
 * each with a strong ETag and a shared Last-Modified.
 *
 * A rebuild writes the three bodies side by side in one pass over the rates. Each direction's
 * fixed parts come from its frame (frames.ts), kept from the cache it replaces while they fit;
 * only the values that move with prices are written anew.
 *
 * ETags: the JSON body is a one-to-one encoding of the row list, and the XML and TXT bodies are
 * functions of that list; so one SHA-256 of the JSON bytes changes whenever any body's bytes
 * change, and each format's ETag is derived from it (with the format's name, so the three
 * differ). A strong validator needs exactly that: one ETag only ever for the same bytes.
 */
import { createHash } from 'node:crypto';
import type { DirectionRateDto } from '../../common/catalogue';
import type { ExportCoding } from './compress';
import { fits, makeFrame, plainValues, type RowFrame } from './frames';
import { isPublishable, toExportRow, type ExportAsset } from './rows';
import { txtLine } from './txt';
import { ChunkedUtf8Writer } from './writer';
import { BYTES_PER_ITEM, XML_HEAD, XML_TAIL, xmlItem } from './xml';

export interface ExportBody {
  body: Buffer;
  /** Strong ETag, quotes included. */
  etag: string;
  contentType: string;
}

export type ExportFormat = 'xml' | 'json' | 'txt';

/** One body in one content coding: its bytes and its own strong ETag. */
export interface EncodedBody {
  body: Buffer;
  etag: string;
}

/** The three bodies in br and gzip (compress.ts). */
export type EncodedExports = Record<ExportFormat, Record<ExportCoding, EncodedBody>>;

export interface ExportCache {
  xml: ExportBody;
  json: ExportBody;
  txt: ExportBody;
  /**
   * The same bodies compressed by compressExports off the request path, a format at a time (its
   * br and gzip copies together, XML first); a format without them yet is served raw. Belonging
   * to this cache, they are never mixed with the bodies of another version.
   */
  encoded: Partial<EncodedExports>;
  /** HTTP date of the last change of any body. */
  lastModified: string;
  /** Directions published. */
  count: number;
  /** Frame of each rate by its place in the rate list (the catalogue's order), for the next rebuild. */
  frames: readonly (RowFrame | undefined)[];
}

export interface BuildExportOptions {
  now: Date;
  /** The cache this one replaces: its frames are reused, its Last-Modified kept when no body changed. */
  previous?: ExportCache;
}

/**
 * The previous frame for the rate at `index`: at the same place when the list kept its order (a
 * rate update), else found by direction (directions came or went).
 */
function framesOf(previous: readonly (RowFrame | undefined)[]): (index: number, rate: DirectionRateDto) => RowFrame | undefined {
  let byDirection: Map<string, RowFrame> | undefined;
  return (index, rate) => {
    const frame = previous[index];
    if (frame !== undefined && frame.from.code === rate.from && frame.to.code === rate.to) return frame;
    byDirection ??= new Map(previous.flatMap((each) => (each ? [[`${each.from.code}>${each.to.code}`, each] as const] : [])));
    return byDirection.get(`${rate.from}>${rate.to}`);
  };
}

/** The ETag of one format, from the digest of the JSON body. */
function etagOf(format: string, digest: Buffer): string {
  return `"${createHash('sha256').update(format).update(digest).digest('base64url')}"`;
}

export function buildExportCache(
  rates: readonly DirectionRateDto[],
  assets: readonly ExportAsset[],
  { now, previous }: BuildExportOptions,
): ExportCache {
  const byCode = new Map(assets.map((asset) => [asset.code, asset]));
  const before = framesOf(previous?.frames ?? []);
  const frames = new Array<RowFrame | undefined>(rates.length);
  const xml = new ChunkedUtf8Writer(BYTES_PER_ITEM * (rates.length + 1));
  const json = new ChunkedUtf8Writer(BYTES_PER_ITEM * rates.length);
  const txt = new ChunkedUtf8Writer((BYTES_PER_ITEM / 4) * rates.length);
  xml.append(XML_HEAD);
  let count = 0;
  for (let index = 0; index < rates.length; index += 1) {
    const rate = rates[index];
    const from = byCode.get(rate.from);
    const to = byCode.get(rate.to);
    if (!from || !to || !isPublishable(rate, from, to)) continue;
    json.append(count === 0 ? '[' : ',');
    count += 1;
    if (!plainValues(rate)) {
      const row = toExportRow(rate, from, to);
      xml.append(xmlItem(row));
      json.append(JSON.stringify(row));
      txt.append(txtLine(row));
      continue;
    }
    let frame = before(index, rate);
    if (frame === undefined || !fits(frame, rate, from, to)) frame = makeFrame(rate, from, to);
    frames[index] = frame;
    const { in: give, out: get, reserve, max } = rate;
    xml.append(`${frame.xmlHead}${give}</in><out>${get}</out><amount>${reserve}${frame.xmlMiddle}${max}${frame.xmlTail}`);
    json.append(`${frame.jsonHead}${give}","out":"${get}","amount":"${reserve}${frame.jsonMiddle}${max}${frame.jsonTail}`);
    txt.append(`${frame.txtHead}${give};${get};${reserve};\n`);
  }
  xml.append(XML_TAIL);
  json.append(count === 0 ? '[]' : ']');
  const jsonBytes = json.toBuffer();
  const digest = createHash('sha256').update(jsonBytes).digest();
  const cache: ExportCache = {
    xml: { body: xml.toBuffer(), etag: etagOf('xml', digest), contentType: 'application/xml; charset=utf-8' },
    json: { body: jsonBytes, etag: etagOf('json', digest), contentType: 'application/json; charset=utf-8' },
    txt: { body: txt.toBuffer(), etag: etagOf('txt', digest), contentType: 'text/plain; charset=utf-8' },
    lastModified: now.toUTCString(),
    count,
    frames,
    encoded: {},
  };
  // Every ETag derives from the one digest: an unchanged JSON ETag means three unchanged bodies.
  if (previous && previous.json.etag === cache.json.etag) cache.lastModified = previous.lastModified;
  return cache;
}
