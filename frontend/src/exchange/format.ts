/**
 * Amounts for display, built from the decimal string itself (never through a JS number):
 * the integer part grouped by threes with no-break spaces, "7053614.5" → "7 053 614.5".
 */
import { normalizeMoney } from '../../../common/money';

/** No-break space: a grouped number never wraps across lines. */
export const GROUP_SEPARATOR = '\u00a0';

/** Groups the integer digits of a decimal string; trailing zeros of the fraction are dropped. */
export function formatAmount(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const canonical = normalizeMoney(value);
  const negative = canonical.startsWith('-');
  const [integer, fraction] = (negative ? canonical.slice(1) : canonical).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** "7 053 614 RUB". */
export function formatMoney(value: string, currency: string): string {
  return `${formatAmount(value)}${GROUP_SEPARATOR}${currency}`;
}

/**
 * What the visitor typed, as a decimal string or as typed: a comma becomes a point; spaces,
 * leading zeros and trailing fraction zeros go (so does a trailing point, "1." while typing);
 * a leading point gets its zero. Anything else is left for the amount check to refuse.
 */
export function normalizeTypedAmount(typed: string): string {
  let compact = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (/^\d*\.\d*$/.test(compact)) compact = compact.replace(/0+$/, '').replace(/\.$/, '');
  if (compact.startsWith('.')) compact = `0${compact}`;
  return compact.replace(/^0+(?=\d)/, '');
}

/** Keeps only what an amount can hold while typing: digits and one decimal separator. */
export function sanitizeAmountInput(typed: string): string {
  const cleaned = typed.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  const point = cleaned.indexOf('.');
  return point === -1 ? cleaned : cleaned.slice(0, point + 1) + cleaned.slice(point + 1).replace(/\./g, '');
}
