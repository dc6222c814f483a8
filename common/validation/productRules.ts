/** The product rules of spec §5, with exactly the semantics the spec gives them. */
import { normalizeMoney } from '../money';
import { type RuleResult, validationMessage } from './messages';
import { isEmpty, lengthOf, requireDecimal, toDecimal, toPattern } from './values';

/** Empty passes; otherwise the value must match `pattern`, else `validation.general_error`. */
export function custom_rule(value: unknown, pattern: RegExp | string): RuleResult {
  if (isEmpty(value)) return true;
  return toPattern(pattern).test(String(value)) || validationMessage('general_error');
}

/**
 * Empty passes; a value that is not a plain decimal gives `validation.invalid_number`; the
 * number must be strictly below `limit`, else `validation.less_than`. Both sides are compared
 * as exact decimals (big.js), so 18-decimal amounts never go through a double.
 */
export function less_than(value: unknown, limit: string | number): RuleResult {
  if (isEmpty(value)) return true;
  const bound = requireDecimal(limit, 'less_than limit');
  const decimal = toDecimal(value);
  if (decimal === null) return validationMessage('invalid_number');
  return decimal.lt(bound) || validationMessage('less_than', { max: normalizeMoney(bound) });
}

/** The value's length (empty counts 0) is at least `limit`: unlike `min`, empty can fail. */
export function min_length(value: unknown, limit: number): RuleResult {
  return lengthOf(value) >= limit || validationMessage('min_length', { min: limit });
}

/** The value's length (empty counts 0) is at most `limit`. */
export function max_length(value: unknown, limit: number): RuleResult {
  return lengthOf(value) <= limit || validationMessage('max_length', { max: limit });
}

// A word is letters of any script (with combining marks, e.g. Devanagari vowel signs); inside it
// single hyphens or apostrophes (typed ' or the typographic ’ phones insert) may join letters.
const NAME_WORD = "\\p{L}[\\p{L}\\p{M}]*(?:[-'’]\\p{L}[\\p{L}\\p{M}]*)*";
// Words are separated by single spaces; no leading, trailing or doubled separators.
const NAME = new RegExp(`^${NAME_WORD}(?: ${NAME_WORD})*$`, 'u');

/** Empty passes; letters of any language in words as above, else `validation.invalid_name`. */
export function name(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  return NAME.test(String(value)) || validationMessage('invalid_name');
}

/** The symbols spec §5 allows in a password, besides Latin letters and digits. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

/** A character class source of the password symbols, safe inside `[...]`. */
export const PASSWORD_SYMBOL_CLASS = PASSWORD_SYMBOLS.replace(/[\\\]\[^-]/g, '\\$&');

// The rule's character set; see `password` for why letters are Latin only.
const PASSWORD = new RegExp(`^[A-Za-z0-9${PASSWORD_SYMBOL_CLASS}]+$`);

/**
 * Empty passes; otherwise only letters, digits and the symbols !@#$%^&*()_+-=[]{};':"\|,.<>/?`~
 * else `validation.invalid_password`.
 *
 * Decision: "letters" means the basic Latin letters A–Z and a–z (not é, not Cyrillic). The
 * rule's sentence in spec §5 says "letters", but the message the user reads says "only Latin
 * letters, digits and special symbols"; we make the rule agree with what the user is told. It
 * also refuses a password typed in the wrong keyboard layout (Cyrillic), which would otherwise
 * be saved and then fail at sign-in from a Latin layout, and keeps every password typeable on
 * any keyboard.
 */
export function password(value: unknown): RuleResult {
  if (isEmpty(value)) return true;
  return PASSWORD.test(String(value)) || validationMessage('invalid_password');
}
