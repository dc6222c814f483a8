/**
 * What a decimal string is, without big.js (./money.ts re-exports it with the arithmetic): screens
 * that only check a value, like every page's first load, need not carry the arithmetic library.
 */

export const DECIMAL_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** Whether a string is a plain decimal (no exponent, no spaces, no leading plus). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value);
}
