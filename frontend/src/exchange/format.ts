/** What a visitor types into an amount field, read as a decimal string (display: common/money.ts `formatMoney`). */

/** Spaces a typed or pasted amount may hold between its digits (a group separator, "1 000"). */
const SPACES = /[\s\u00a0\u202f]/g;
/** Groups of thousands after the first: each exactly three digits. */
const GROUPS = /^\d{1,3}(?:[.,]\d{3})+$/;

/**
 * The separators of a compact amount (digits, points, commas; no spaces) read as one decimal point,
 * or null when they cannot be read without guessing:
 * - one separator, a point or a comma: the decimal point ("0,5") — except, in English, a comma
 *   followed by one group of thousands ("1,234" is 1234 there, as English writes it; "0,5" and
 *   "1,5" stay decimals);
 * - one kind repeated: groups of thousands when every group after the first has three digits
 *   ("1,234,567"), else null ("1.2.3");
 * - both kinds: the last one, once, is the decimal point and the other groups the thousands before it
 *   ("2,500.75", "2.500,75"), else null.
 */
/** In English a lone comma before three digits groups thousands ("1,234"). */
const ENGLISH_THOUSANDS = /^[1-9]\d{0,2},\d{3}$/;

function readSeparators(compact: string, lang: string): string | null {
  const separators = compact.replace(/\d/g, '');
  if (lang === 'en' && ENGLISH_THOUSANDS.test(compact)) return compact.replace(',', '');
  if (separators.length <= 1) return compact.replace(',', '.');
  const point = compact[compact.search(/[.,][^.,]*$/)]!;
  const group = point === '.' ? ',' : '.';
  if (!separators.includes(group)) return GROUPS.test(compact) ? compact.replace(/[.,]/g, '') : null;
  const at = compact.lastIndexOf(point);
  const whole = compact.slice(0, at);
  if (whole.includes(point) || !GROUPS.test(whole)) return null;
  return `${whole.split(group).join('')}.${compact.slice(at + 1)}`;
}

/**
 * What the visitor typed, as a decimal string or as typed: spaces go, the separators are read
 * (readSeparators: "0,5", "1 234,56", "2,500.75"), leading zeros and trailing fraction zeros go (so
 * does a trailing point, "1." while typing); a leading point gets its zero. Anything else is left as
 * typed for the amount check to refuse.
 */
export function normalizeTypedAmount(typed: string, lang = 'ru'): string {
  const stripped = typed.replace(SPACES, '');
  let compact = /^[\d.,]*$/.test(stripped) ? (readSeparators(stripped, lang) ?? stripped) : stripped;
  if (/^\d*\.\d*$/.test(compact)) compact = compact.replace(/0+$/, '').replace(/\.$/, '');
  if (compact.startsWith('.')) compact = `0${compact}`;
  return compact.replace(/^0+(?=\d)/, '');
}

/**
 * The amount field's next text after an edit in the interface language `lang`: digits and at most
 * one point, the separators read as normalizeTypedAmount reads them ("2,500.75" pasted becomes "2500.75"). null refuses the edit (the
 * field keeps its text): a letter, a sign or an exponent ("1e-2", "-3"), separators that cannot be
 * read ("1.2.3") — never a different number made by dropping characters.
 */
export function sanitizeAmountInput(typed: string, lang = 'ru'): string | null {
  const compact = typed.replace(SPACES, '');
  if (!/^[\d.,]*$/.test(compact)) return null;
  return readSeparators(compact, lang);
}
