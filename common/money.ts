/**
 * Money helpers. Amounts, rates, fees and balances are decimal strings end to end and are
 * computed with big.js; a JavaScript `number` never holds one.
 */
import Big from 'big.js';
import { DECIMAL_RE, isDecimalString } from './decimal';

// Never switch to exponent notation for the magnitudes we store (DECIMAL(36,18)).
Big.NE = -40;
Big.PE = 40;
// Round half-up by default; callers choose explicitly where it matters.
Big.RM = Big.roundHalfUp;

export { Big };

/** Digits after the point that storage keeps (DECIMAL(36,18)). */
export const MONEY_SCALE = 18;
/** Digits before the point that storage keeps. */
export const MONEY_INTEGER_DIGITS = 18;

export { isDecimalString };

/** Whether a decimal string fits DECIMAL(36,18) without rounding. */
export function fitsMoneyColumn(value: string): boolean {
  if (!isDecimalString(value)) return false;
  const [int, frac = ''] = value.replace('-', '').split('.');
  return int.replace(/^0+/, '').length <= MONEY_INTEGER_DIGITS && frac.length <= MONEY_SCALE;
}

/** Canonical form: no exponent, no trailing zeros after the point, '-0' is '0'. */
export function normalizeMoney(value: string | Big): string {
  // A plain decimal string already has Big's digits: trimming them is all toFixed() would do
  // (the hot read path: every money column of every row read).
  if (typeof value === 'string' && DECIMAL_RE.test(value)) return trimDecimal(value);
  return trimDecimal((value instanceof Big ? value : new Big(value)).toFixed());
}

/** A plain decimal without trailing zeros after the point, and '-0' as '0'. */
function trimDecimal(s: string): string {
  const trimmed = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return trimmed === '-0' ? '0' : trimmed;
}

/** Fixed-scale form used for storage, e.g. `1.5` → `1.500000000000000000`. */
export function toStorageDecimal(value: string | Big, scale = MONEY_SCALE): string {
  const big = value instanceof Big ? value : new Big(value);
  return big.toFixed(scale, Big.roundDown);
}

/** No-break space: a grouped number never wraps across lines. */
export const GROUP_SEPARATOR = '\u00a0';

/**
 * An amount for display, built from the decimal string itself (never through a JS number): the
 * integer part grouped by threes with no-break spaces, trailing fraction zeros dropped —
 * "7053614.50" → "7 053 614.5". Anything that is not a plain decimal is returned as it is.
 */
export function formatAmount(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const canonical = normalizeMoney(value);
  const negative = canonical.startsWith('-');
  const [integer, fraction] = (negative ? canonical.slice(1) : canonical).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `value` with at most `places` digits after the point, cut toward zero (never shows more than
 * there is), without trailing zeros: how an asset's reserve is shown at the asset's precision.
 * Anything but a plain decimal string comes back as it is.
 */
export function cutToPlaces(value: string, places: number): string {
  if (!DECIMAL_RE.test(value)) return value;
  const point = value.indexOf('.');
  const cut = point === -1 ? value : places > 0 ? value.slice(0, point + 1 + places) : value.slice(0, point);
  return trimDecimal(cut);
}

/**
 * Places a reserve shows at most: the asset's precision, and never more than this (a token of
 * 18 decimals would otherwise show an 18-place reserve no one reads).
 */
export const RESERVE_PLACES = 8;

/** A reserve as every screen shows it: cut toward zero to the asset's precision, RESERVE_PLACES at most. */
export function reserveAmount(amount: string, precision: number): string {
  return cutToPlaces(amount, Math.min(precision, RESERVE_PLACES));
}

/** Significant digits a rate's side shows (RATE_PLACES_MIN..RATE_PLACES_MAX places after the point). */
export const RATE_SIGNIFICANT_DIGITS = 6;
export const RATE_PLACES_MIN = 2;
export const RATE_PLACES_MAX = 8;

/**
 * One side of a rate as the pages show it: a value at a fixed count of places
 * — about RATE_SIGNIFICANT_DIGITS significant digits, never fewer than 2 places or more than 8 —
 * cut toward zero and padded with zeros, so that the figure keeps its width as the rate moves
 * ("7 765 341.57", then "7 759 352.10", not "7 765 341.574" then "7 759 352.1"); a whole number
 * stays whole ("1", "90").
 */
export function formatRateSide(value: string): string {
  if (!DECIMAL_RE.test(value) || value.startsWith('-')) return value;
  const canonical = normalizeMoney(value);
  const [integer, fraction = ''] = canonical.split('.');
  const leadingZeros = integer === '0' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  const wanted = integer === '0' ? leadingZeros + RATE_SIGNIFICANT_DIGITS : RATE_SIGNIFICANT_DIGITS - integer.length;
  const places = Math.min(RATE_PLACES_MAX, Math.max(RATE_PLACES_MIN, wanted));
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const shown = fraction.slice(0, places);
  // A whole number stays whole ("90", "7 000 000"); any fraction shows all its places.
  return /^0*$/.test(shown) ? grouped : `${grouped}.${shown.padEnd(places, '0')}`;
}

/** A rate "1 BTC = 7 765 341.57 RUB" (formatRateSide on each side): the widget, the order page, the prerendered home page. */
export function formatRate(rate: { in: string; out: string }, fromCurrency: string, toCurrency: string): string {
  return `${formatRateSide(rate.in)}${GROUP_SEPARATOR}${fromCurrency} = ${formatRateSide(rate.out)}${GROUP_SEPARATOR}${toCurrency}`;
}

/** "7 053 614 RUB": the widget's, the order page's and the prerendered home page's way. */
export function formatMoney(value: string, currency: string): string {
  return `${formatAmount(value)}${GROUP_SEPARATOR}${currency}`;
}
