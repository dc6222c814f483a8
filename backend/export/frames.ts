/**
 * Row frames: the parts of a direction's export texts that stay put from one rate update to the
 * next. Of a row only `in`, `out`, `amount` (the reserve) and the number in `maxamount` move with
 * prices; the codes, the minimum, the fees, the city and the flags are the catalogue's. A frame
 * holds those parts already escaped, in the three formats, so a rebuild only slots the four
 * moving values in between — when they hold nothing to escape, as decimals never do; otherwise
 * the row is written whole by the formatters (xml.ts, JSON.stringify, txt.ts).
 */
import type { DirectionFees, DirectionRateDto, FeeDto } from '../../common/catalogue';
import { toExportRow, type ExportAsset, type ExportRow } from './rows';
import { escapeXml } from './xml';

export interface RowFrame {
  /** What the frame was made from: it serves a rate with these assets, minimum, fees and flag. */
  from: ExportAsset;
  to: ExportAsset;
  min: string;
  manual: boolean;
  fees: DirectionFees | undefined;
  /** `<item>…<in>`, then `</amount>…<maxamount>`, then ` CUR</maxamount>…</item>\n`. */
  xmlHead: string;
  xmlMiddle: string;
  xmlTail: string;
  /** `{"from":…,"in":"`, then `","minamount":…,"maxamount":"`, then ` CUR"…}`. */
  jsonHead: string;
  jsonMiddle: string;
  jsonTail: string;
  /** `FROM;TO;` */
  txtHead: string;
}

/** What XML or JSON would escape in a value: markup, quote, backslash, control characters, lone surrogates. */
const SPECIAL = /[&<>"'\\\u0000-\u001f\ud800-\udfff]/;

/** JSON string contents without the quotes (per character, so it joins with the neighbours). */
function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function optionalXml(row: ExportRow): string {
  let xml = '';
  if (row.minfee !== undefined) xml += `<minfee>${escapeXml(row.minfee)}</minfee>`;
  if (row.fromfee !== undefined) xml += `<fromfee>${escapeXml(row.fromfee)}</fromfee>`;
  if (row.tofee !== undefined) xml += `<tofee>${escapeXml(row.tofee)}</tofee>`;
  if (row.city !== undefined) xml += `<city>${escapeXml(row.city)}</city>`;
  if (row.param !== undefined) xml += `<param>${escapeXml(row.param)}</param>`;
  return xml;
}

function optionalJson(row: ExportRow): string {
  let json = '';
  if (row.minfee !== undefined) json += `,"minfee":${JSON.stringify(row.minfee)}`;
  if (row.fromfee !== undefined) json += `,"fromfee":${JSON.stringify(row.fromfee)}`;
  if (row.tofee !== undefined) json += `,"tofee":${JSON.stringify(row.tofee)}`;
  if (row.city !== undefined) json += `,"city":${JSON.stringify(row.city)}`;
  if (row.param !== undefined) json += `,"param":${JSON.stringify(row.param)}`;
  return json;
}

export function makeFrame(rate: DirectionRateDto, from: ExportAsset, to: ExportAsset): RowFrame {
  const row: ExportRow = toExportRow(rate, from, to);
  const unit = ` ${from.currency}`;
  return {
    from,
    to,
    min: rate.min,
    manual: rate.manual,
    fees: rate.fees,
    xmlHead: `<item><from>${escapeXml(row.from)}</from><to>${escapeXml(row.to)}</to><in>`,
    xmlMiddle: `</amount><minamount>${escapeXml(row.minamount)}</minamount><maxamount>`,
    xmlTail: `${escapeXml(unit)}</maxamount>${optionalXml(row)}</item>\n`,
    jsonHead: `{"from":${JSON.stringify(row.from)},"to":${JSON.stringify(row.to)},"in":"`,
    jsonMiddle: `","minamount":${JSON.stringify(row.minamount)},"maxamount":"`,
    jsonTail: `${jsonText(unit)}"${optionalJson(row)}}`,
    txtHead: `${row.from};${row.to};`,
  };
}

function sameFee(a: FeeDto | undefined, b: FeeDto | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.value === b.value && a.unit === b.unit);
}

function sameFees(a: DirectionFees | undefined, b: DirectionFees | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.minFee === b.minFee && sameFee(a.fromFee, b.fromFee) && sameFee(a.toFee, b.toFee);
}

/** Whether `frame` was made for this rate's fixed parts (assets compared as objects: they are immutable). */
export function fits(frame: RowFrame, rate: DirectionRateDto, from: ExportAsset, to: ExportAsset): boolean {
  return (
    frame.from === from && frame.to === to && frame.min === rate.min && frame.manual === rate.manual &&
    sameFees(frame.fees, rate.fees)
  );
}

/** Whether the moving values can go into a frame as they are. */
export function plainValues(rate: DirectionRateDto): boolean {
  return !SPECIAL.test(rate.in) && !SPECIAL.test(rate.out) && !SPECIAL.test(rate.reserve) && !SPECIAL.test(rate.max);
}
