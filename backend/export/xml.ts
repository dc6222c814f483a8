/**
 * The BestChange XML export: root <rates>, one <item> per direction, one item per line.
 * Built as plain strings, one template per item, written straight into UTF-8 bytes.
 */
import type { ExportRow } from './rows';
import { Utf8Writer } from './writer';

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n';
export const XML_TAIL = '</rates>\n';

/** A little above the size of a typical item, to size the buffer once. */
export const BYTES_PER_ITEM = 256;

const XML_SPECIAL = /[&<>"']/;
const XML_SPECIAL_ALL = /[&<>"']/g;
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for an XML element or attribute. */
export function escapeXml(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (char) => XML_ENTITIES[char]) : text;
}

/** One `<item>…</item>\n` line. */
export function xmlItem(row: ExportRow): string {
  let xml =
    `<item><from>${escapeXml(row.from)}</from><to>${escapeXml(row.to)}</to>` +
    `<in>${escapeXml(row.in)}</in><out>${escapeXml(row.out)}</out><amount>${escapeXml(row.amount)}</amount>` +
    `<minamount>${escapeXml(row.minamount)}</minamount><maxamount>${escapeXml(row.maxamount)}</maxamount>`;
  if (row.minfee !== undefined) xml += `<minfee>${escapeXml(row.minfee)}</minfee>`;
  if (row.fromfee !== undefined) xml += `<fromfee>${escapeXml(row.fromfee)}</fromfee>`;
  if (row.tofee !== undefined) xml += `<tofee>${escapeXml(row.tofee)}</tofee>`;
  if (row.city !== undefined) xml += `<city>${escapeXml(row.city)}</city>`;
  if (row.param !== undefined) xml += `<param>${escapeXml(row.param)}</param>`;
  return `${xml}</item>\n`;
}

/** The whole XML document as UTF-8 bytes, `\n` line ends. */
export function formatRatesXml(rows: readonly ExportRow[]): Buffer {
  const writer = new Utf8Writer(BYTES_PER_ITEM * (rows.length + 1));
  writer.write(XML_HEAD);
  for (const row of rows) writer.write(xmlItem(row));
  writer.write(XML_TAIL);
  return writer.toBuffer();
}
