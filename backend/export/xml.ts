/** The BestChange XML export: root <rates>, one <item> per direction, one item per line. */
import type { ExportRow } from './rows';

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

function element(name: string, text: string | undefined): string {
  return text === undefined ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

function item(row: ExportRow): string {
  return (
    '<item>' +
    element('from', row.from) +
    element('to', row.to) +
    element('in', row.in) +
    element('out', row.out) +
    element('amount', row.amount) +
    element('minamount', row.minamount) +
    element('maxamount', row.maxamount) +
    element('minfee', row.minfee) +
    element('fromfee', row.fromfee) +
    element('tofee', row.tofee) +
    element('city', row.city) +
    element('param', row.param) +
    '</item>\n'
  );
}

/** The whole XML document (UTF-8, `\n` line ends). */
export function formatRatesXml(rows: readonly ExportRow[]): string {
  let body = '<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n';
  for (const row of rows) body += item(row);
  return `${body}</rates>\n`;
}
