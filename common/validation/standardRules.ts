/**
 * The standard rules of spec §5 (the vee-validate set the product's forms were written with).
 * As there, every rule but `required` passes an empty value — emptiness is `required`'s job —
 * except the equality rules `confirmed` and `is`, which compare whatever they are given.
 */
import { normalizeMoney } from '../money';
import { type RuleResult, validationMessage } from './messages';
import { isEmpty, lengthOf, requireDecimal, toDecimal, toPattern } from './values';

/** Fails on absent values, empty strings or lists, whitespace-only strings and `false`. */
export function required(value: unknown): RuleResult {
  const present =
    !isEmpty(value) && value !== false && (typeof value !== 'string' || value.trim() !== '');
  return present || validationMessage('required');
}

/** Digits 0–9 only: no sign, point or spaces. */
export function numeric(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  return /^\d+$/.test(String(value)) || validationMessage('numeric');
}

// The browsers' (WHATWG) address syntax, plus a top-level domain: mail has to be deliverable.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
const EMAIL_MAX_LENGTH = 254;

export function email(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  const text = String(value);
  return (text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text)) || validationMessage('email');
}

/** Equal to the other field's value (the product uses it for the password confirmation). */
export function confirmed(value: unknown, other: unknown): RuleResult {
  return value === other || validationMessage('confirmed');
}

/** An absolute http(s) address whose host has a domain (or is an IPv4 address). */
export function url(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  const text = String(value);
  return isWebAddress(text) || validationMessage('url');
}

function isWebAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  let address: URL;
  try {
    address = new URL(text);
  } catch {
    return false;
  }
  const { protocol, hostname } = address;
  return (protocol === 'http:' || protocol === 'https:') && /^[^.]+(?:\.[^.]+)+$/.test(hostname);
}

/** At least `min` characters. */
export function min(value: unknown, limit: number): RuleResult {
  if (isEmpty(value)) return true;
  return lengthOf(value) >= limit || validationMessage('min', { min: limit });
}

/** At most `max` characters. */
export function max(value: unknown, limit: number): RuleResult {
  if (isEmpty(value)) return true;
  return lengthOf(value) <= limit || validationMessage('max', { max: limit });
}

/** A number not below `limit`, compared exactly (big.js); a non-number fails. */
export function min_value(value: unknown, limit: string | number): RuleResult {
  if (isEmpty(value)) return true;
  const bound = requireDecimal(limit, 'min_value limit');
  const decimal = toDecimal(value);
  return (decimal !== null && decimal.gte(bound)) || validationMessage('min_value', { min: normalizeMoney(bound) });
}

/** A number not above `limit`, compared exactly (big.js); a non-number fails. */
export function max_value(value: unknown, limit: string | number): RuleResult {
  if (isEmpty(value)) return true;
  const bound = requireDecimal(limit, 'max_value limit');
  const decimal = toDecimal(value);
  return (decimal !== null && decimal.lte(bound)) || validationMessage('max_value', { max: normalizeMoney(bound) });
}

/** Matches `pattern` (`RegExp.test` semantics: anchor the pattern to match the whole value). */
export function regex(value: unknown, pattern: RegExp | string): RuleResult {
  if (isEmpty(value)) return true;
  return toPattern(pattern).test(String(value)) || validationMessage('regex');
}

/** Exactly `size` characters. */
export function length(value: unknown, size: number): RuleResult {
  if (isEmpty(value)) return true;
  return lengthOf(value) === size || validationMessage('length', { length: size });
}

/** Letters of any script (with their combining marks) and spaces. */
export function alpha_spaces(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  return /^[\p{L}\p{M} ]+$/u.test(String(value)) || validationMessage('alpha_spaces');
}

/** Strictly equal to `expected`. */
export function is(value: unknown, expected: unknown): RuleResult {
  return value === expected || validationMessage('is');
}
