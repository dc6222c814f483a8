/**
 * Ready yup schemas for the product's recurring fields, shared by forms and the server's
 * `validate(schema)`. Each is required; chain `.optional()` where a form leaves it out.
 */
import './locale';
import { boolean, ref, string } from 'yup';
import { type AmountLimits, PASSWORD_MIN_LENGTH } from './fieldRules';
import { validationMessage } from './messages';
import { rule } from './yupRule';

/** Long enough for any real name, short enough for a profile line. */
export const NAME_MAX_LENGTH = 64;
/** Passwords are never truncated; this only bounds the hashing work per request. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A string trimmed when it is one. Anything else (an object, an array) is left as it came, for the
 * type check to refuse with the field's message: yup's own `.trim()` calls `.trim()` on whatever
 * arrived, and a `{}` or `[]` sent for a text field then threw a TypeError (a 500). Under
 * `.strict()` yup's `.trim()` only tests, and stays safe.
 */
export function trimmedString() {
  return string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
}

export const emailField = string().required().test(rule('email'));

/** A new password (registration, reset, change): allowed characters first, then strength. */
export const passwordField = string()
  .required()
  .test(rule('password'))
  .test(rule('strong_password', PASSWORD_MIN_LENGTH))
  .test(rule('max_length', PASSWORD_MAX_LENGTH));

/** Repeats the password in the sibling field `passwordPath` ('Passwords must match'). */
export function confirmPasswordField(passwordPath: string) {
  return string().required().test(rule('confirmed', ref<unknown>(passwordPath)));
}

export const nameField = string().required().test(rule('name')).test(rule('max_length', NAME_MAX_LENGTH));

export const phoneField = string().required().test(rule('phone'));

export const otpCodeField = string().required().test(rule('otp_code'));

/**
 * A decimal-string amount. Strict: yup would otherwise turn a JSON number into a string and
 * accept a value already rounded by a double, so any non-string is 'invalid amount entered'.
 */
export function amountField(limits: AmountLimits = {}) {
  return string()
    .strict()
    .typeError(validationMessage('invalid_amount'))
    .required()
    .test(rule('amount', limits));
}

/** The terms-of-use checkbox of registration and order creation must be ticked. */
export const agreeTermsField = boolean()
  .required(validationMessage('terms_required'))
  .isTrue(validationMessage('terms_required'));

export const urlField = string().required().test(rule('url'));

/**
 * Wallet, card or bank account details in the general shape. A direction with its own pattern
 * uses `string().required().test(rule('account', pattern))` instead.
 */
export const accountField = string().required().test(rule('account'));
