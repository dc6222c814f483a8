/** Small readers shared by the rules: emptiness, length, decimals and patterns. */
import { Big } from '../money';

/** Empty for every rule but `required`: absent, an empty string or an empty list. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return Array.isArray(value) && value.length === 0;
}

/** Length in characters as a person counts them (code points), a list's item count; empty is 0. */
export function lengthOf(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (Array.isArray(value)) return value.length;
  return Array.from(String(value)).length;
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The exact decimal a value holds, or null when it is not a number. Strings must be plain
 * decimals (digits, one optional point, an optional leading minus: no spaces, exponents or
 * commas); a finite JS number is read through its shortest decimal form, never computed with.
 */
export function toDecimal(value: unknown): Big | null {
  if (typeof value === 'string') return PLAIN_DECIMAL.test(value) ? new Big(value) : null;
  if (typeof value === 'number' && Number.isFinite(value)) return new Big(value);
  return null;
}

/** Like `toDecimal` for a rule's own parameter, where a bad value is a programming error. */
export function requireDecimal(value: string | number, what: string): Big {
  const decimal = toDecimal(value);
  if (decimal === null) throw new TypeError(`${what} must be a decimal, got ${String(value)}`);
  return decimal;
}

/** A pattern without the `g`/`y` flags, whose `lastIndex` would make `test()` stateful. */
export function toPattern(pattern: RegExp | string): RegExp {
  if (typeof pattern === 'string') return new RegExp(pattern);
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
}
