/**
 * Validation messages are never strings: every failure is a `ValidationMessage` naming a key of
 * `locales/<lang>/validation.json` plus the values it interpolates. The side that shows the
 * message (a form, the server's error envelope) translates it in its own language.
 */

/** Every key of `locales/<lang>/validation.json`; the locale tests hold both files to this list. */
export const VALIDATION_RULE_KEYS = [
  // The rules of spec §5.
  'required',
  'numeric',
  'email',
  'confirmed',
  'url',
  'min',
  'max',
  'min_value',
  'max_value',
  'regex',
  'length',
  'alpha_spaces',
  'is',
  // The product rules of spec §5 and their messages.
  'general_error',
  'invalid_number',
  'less_than',
  'min_length',
  'max_length',
  'invalid_name',
  'invalid_password',
  // Field messages of spec §5.
  'weak_password',
  'phone',
  'otp_code',
  'account',
  'card_number',
  'wallet_network',
  'unknown_asset',
  'terms_required',
  'invalid_amount',
  'amount_min',
  'amount_max',
  'amount_above_balance',
  'insufficient_balance',
  // yup's own checks that have no rule above.
  'more_than',
  'integer',
  'min_items',
  'max_items',
] as const;

export type ValidationRuleKey = (typeof VALIDATION_RULE_KEYS)[number];

export type ValidationValues = Record<string, string | number>;

/** A type alias, not an interface: yup accepts object messages typed as plain records. */
export type ValidationMessage = {
  key: `validation.${ValidationRuleKey}`;
  values?: ValidationValues;
};

export function validationMessage(rule: ValidationRuleKey, values?: ValidationValues): ValidationMessage {
  return values === undefined ? { key: `validation.${rule}` } : { key: `validation.${rule}`, values };
}

const KEY_PREFIX = 'validation.';

export function isValidationMessage(value: unknown): value is ValidationMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { key } = value as { key?: unknown };
  if (typeof key !== 'string' || !key.startsWith(KEY_PREFIX)) return false;
  return (VALIDATION_RULE_KEYS as readonly string[]).includes(key.slice(KEY_PREFIX.length));
}

/** What a rule answers: `true` when the value passes, otherwise the message to show. */
export type RuleResult = true | ValidationMessage;
