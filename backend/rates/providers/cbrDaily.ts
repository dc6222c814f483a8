/**
 * Parser of the Central Bank of Russia daily rates (`/scripts/XML_daily.asp`): a
 * windows-1251 document `<ValCurs Date="17.01.2026"><Valute ID="R01235"><NumCode>840</NumCode>
 * <CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>78,2284</Value>
 * <VunitRate>78,2284</VunitRate></Valute>…</ValCurs>` with decimal commas. `Value` is the
 * price of `Nominal` units (10 or 100 for currencies such as KGS and KZT); `VunitRate`, present
 * since 2023, is the price of one unit. On bad parameters the body is
 * `<ValCurs>Error in parameters</ValCurs>`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Big, normalizeMoney } from '../../../common/money';
import { isRecord } from './json';
import { ProviderError } from './types';

export const CBR_PROVIDER_NAME = 'cbr';

export interface CbrRate {
  /** ISO 4217 letter code, e.g. `KGS`. */
  charCode: string;
  /** Russian name as published, e.g. `Сомов`. */
  name: string;
  nominal: number;
  /** Roubles for `nominal` units, as a decimal string with a point. */
  value: string;
  /** Roubles for one unit: `VunitRate`, or `value / nominal` where the document has none. */
  unitRate: string;
}

export interface CbrDaily {
  /** The day the rates are set for, `YYYY-MM-DD`. */
  date: string;
  rates: CbrRate[];
}

const DEFAULT_CHARSET = 'windows-1251';
const DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const COMMA_DECIMAL = /^\d+(?:,\d+)?$/;

export function parseCbrDaily(bytes: Uint8Array, contentType = ''): CbrDaily {
  const text = decode(bytes, contentType);
  const valid = XMLValidator.validate(text);
  if (valid !== true) fail(`body is not XML (${valid.err.msg}, line ${valid.err.line})`);

  const document = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (tagName) => tagName === 'Valute',
  }).parse(text) as unknown;
  const valCurs = isRecord(document) ? document.ValCurs : undefined;
  if (typeof valCurs === 'string') fail(`the bank answered "${valCurs.trim()}"`);
  if (!isRecord(valCurs)) fail('no <ValCurs> element');

  const date = DATE.exec(String(valCurs['@Date'] ?? ''));
  if (!date) fail('<ValCurs> has no Date="DD.MM.YYYY"');
  const valutes = valCurs.Valute ?? [];
  if (!Array.isArray(valutes) || valutes.length === 0) fail('<ValCurs> lists no <Valute>');

  return { date: `${date[3]}-${date[2]}-${date[1]}`, rates: valutes.map(readValute) };
}

function readValute(valute: unknown): CbrRate {
  if (!isRecord(valute)) fail('a <Valute> is empty');
  const charCode = valute.CharCode;
  if (typeof charCode !== 'string' || !/^[A-Z]{3}$/.test(charCode)) fail('a <Valute> has no three-letter <CharCode>');
  const nominalText = valute.Nominal;
  if (typeof nominalText !== 'string' || !/^[1-9]\d*$/.test(nominalText)) fail(`${charCode} has no positive <Nominal>`);
  const value = readCommaDecimal(valute.Value, `${charCode} <Value>`);
  const unitRate =
    valute.VunitRate === undefined
      ? normalizeMoney(new Big(value).div(nominalText))
      : readCommaDecimal(valute.VunitRate, `${charCode} <VunitRate>`);
  return {
    charCode,
    name: typeof valute.Name === 'string' ? valute.Name : '',
    nominal: Number(nominalText),
    value,
    unitRate,
  };
}

/** `81,1540` → `81.154` */
function readCommaDecimal(raw: unknown, what: string): string {
  if (typeof raw !== 'string' || !COMMA_DECIMAL.test(raw.trim())) fail(`${what} is not a decimal`);
  return normalizeMoney(raw.trim().replace(',', '.'));
}

/** Decodes by the XML declaration's encoding, else the Content-Type charset, else windows-1251. */
function decode(bytes: Uint8Array, contentType: string): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 100));
  const declared = /^<\?xml[^>]*\bencoding=["']([\w.:-]+)["']/.exec(head)?.[1];
  const charset = declared ?? /charset=([\w.:-]+)/i.exec(contentType)?.[1] ?? DEFAULT_CHARSET;
  try {
    return new TextDecoder(charset, { fatal: true }).decode(bytes);
  } catch (error) {
    throw new ProviderError(CBR_PROVIDER_NAME, 'payload', `cannot decode the body as ${charset}`, { cause: error });
  }
}

function fail(message: string): never {
  throw new ProviderError(CBR_PROVIDER_NAME, 'payload', message);
}
