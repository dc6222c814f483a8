/** Rules behind the ready field schemas: password strength, phone, one-time code, account, amount. */
import { Big, fitsMoneyColumn, MONEY_SCALE, normalizeMoney } from '../money';
import { type RuleResult, validationMessage } from './messages';
import { PASSWORD_SYMBOL_CLASS } from './productRules';
import { isEmpty, lengthOf, requireDecimal, toDecimal, toPattern } from './values';

/** Spec §9: a password has at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_SYMBOL = new RegExp(`[${PASSWORD_SYMBOL_CLASS}]`);

/**
 * Empty passes; otherwise at least `minLength` characters with an upper case Latin letter, a
 * digit and one of the password symbols, else `validation.weak_password` (spec §5's message).
 * Which characters are allowed at all is the `password` rule's job.
 */
export function strong_password(value: unknown, minLength: number = PASSWORD_MIN_LENGTH): RuleResult {
  if (isEmpty(value)) return true;
  const text = String(value);
  const strong =
    lengthOf(text) >= minLength && /[A-Z]/.test(text) && /\d/.test(text) && PASSWORD_SYMBOL.test(text);
  return strong || validationMessage('weak_password', { min: minLength });
}

/**
 * Empty passes; an international or national number: an optional leading +, then 7 to 15 digits
 * (E.164's maximum) that may be grouped with spaces, hyphens and parentheses.
 */
export function phone(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  const text = String(value);
  const digits = text.replace(/[ ()-]/g, '');
  return (/^\+?[\d ()-]+$/.test(text) && /^\+?\d{7,15}$/.test(digits)) || validationMessage('phone');
}

/** Empty passes; exactly six digits (authenticator and emailed codes), else 'Invalid code'. */
export function otp_code(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  return /^\d{6}$/.test(String(value)) || validationMessage('otp_code');
}

// Wallet addresses, card numbers, IBANs, account ids and e-mail or phone accounts: Latin
// letters, digits and . _ : @ + - in groups separated by single spaces.
const ACCOUNT = /^[A-Za-z0-9.:@+_-]+(?: [A-Za-z0-9.:@+_-]+)*$/;
const ACCOUNT_MIN_LENGTH = 4;
const ACCOUNT_MAX_LENGTH = 128;

/**
 * Empty passes; account details (wallet, card, bank account) of 4–128 characters in the general
 * shape above, or matching `pattern` when the exchange direction defines its own, else
 * `validation.account` ('incorrect account details entered').
 */
export function account(value: unknown, pattern?: RegExp | string): RuleResult {
  if (isEmpty(value)) return true;
  const text = String(value);
  const size = lengthOf(text);
  const valid =
    size >= ACCOUNT_MIN_LENGTH &&
    size <= ACCOUNT_MAX_LENGTH &&
    (pattern === undefined ? ACCOUNT.test(text) : toPattern(pattern).test(text));
  return valid || validationMessage('account');
}

/** Limits of an amount field, all decimal strings. */
export interface AmountLimits {
  /** Smallest amount accepted (inclusive). */
  min?: string;
  /** Largest amount accepted (inclusive). */
  max?: string;
  /** What the user has available; the amount may not exceed it. */
  balance?: string;
  /** Digits allowed after the point (the asset's precision); 18 by default, the storage scale. */
  scale?: number;
}

/**
 * Empty passes; otherwise, in this order, the first failure:
 * - not a positive decimal string within the asset's `scale` and the storage column →
 *   `invalid_amount` (a JS number is refused too: amounts travel as decimal strings);
 * - a balance that is zero or below the minimum, so no amount can pass → `insufficient_balance`;
 * - below `min` → `amount_min`; above `max` → `amount_max`;
 * - above the balance → `amount_above_balance` (spec's "number higher than balance").
 */
export function amount(value: unknown, limits: AmountLimits = {}): RuleResult {
  if (isEmpty(value)) return true;
  const decimal = typeof value === 'string' ? toDecimal(value) : null;
  if (decimal === null || !isAmountWithin(decimal, limits.scale ?? MONEY_SCALE)) {
    return validationMessage('invalid_amount');
  }
  const minimum = limits.min === undefined ? null : requireDecimal(limits.min, 'amount min');
  const maximum = limits.max === undefined ? null : requireDecimal(limits.max, 'amount max');
  const balance = limits.balance === undefined ? null : requireDecimal(limits.balance, 'amount balance');
  if (balance !== null && (balance.lte(0) || (minimum !== null && balance.lt(minimum)))) {
    return validationMessage('insufficient_balance');
  }
  if (minimum !== null && decimal.lt(minimum)) {
    return validationMessage('amount_min', { min: normalizeMoney(minimum) });
  }
  if (maximum !== null && decimal.gt(maximum)) {
    return validationMessage('amount_max', { max: normalizeMoney(maximum) });
  }
  if (balance !== null && decimal.gt(balance)) {
    return validationMessage('amount_above_balance', { balance: normalizeMoney(balance) });
  }
  return true;
}

function isAmountWithin(decimal: Big, scale: number): boolean {
  if (decimal.lte(0)) return false;
  const canonical = normalizeMoney(decimal);
  const fraction = canonical.split('.')[1] ?? '';
  return fraction.length <= scale && fitsMoneyColumn(canonical);
}
