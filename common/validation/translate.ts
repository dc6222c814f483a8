/** Turns validation failures into text in the reader's language. */
import type { ValidationError } from 'yup';
import { isValidationMessage, validationMessage, type ValidationValues } from './messages';

/** i18next's `t` or any function with its shape: `{{name}}` placeholders filled from `values`. */
export type Translate = (key: string, values?: ValidationValues) => string;

/**
 * One message as text. Anything that is not a `ValidationMessage` (a plain string from a test
 * that broke the convention) reads as 'Value is incorrect' rather than leaking untranslated text.
 */
export function translateMessage(message: unknown, t: Translate): string {
  const known = isValidationMessage(message) ? message : validationMessage('general_error');
  return t(known.key, known.values);
}

/**
 * Field path (`email`, `items[0].amount`; `''` for the value itself) → its first message,
 * translated. Works with `abortEarly` on or off.
 */
export function translateValidationError(error: ValidationError, t: Translate): Record<string, string> {
  const failures = error.inner.length > 0 ? error.inner : [error];
  const fields: Record<string, string> = {};
  for (const failure of failures) {
    const path = failure.path ?? '';
    if (!(path in fields)) fields[path] = translateMessage(failure.errors[0], t);
  }
  return fields;
}
