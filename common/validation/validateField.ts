/** Checks one field of a form against its schema, for validation on blur and on change. */
import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';
import { isValidationMessage, validationMessage, type ValidationMessage } from './messages';

/**
 * The first failure of the field at `path` given all the form's `values` (so a field that refers
 * to a sibling, like a password confirmation, sees it), or null when the field is valid.
 * Synchronous: every rule here is.
 */
export function validateField<T extends AnyObject>(
  schema: ObjectSchema<T>,
  path: string,
  values: unknown,
): ValidationMessage | null {
  try {
    schema.validateSyncAt(path, values, { abortEarly: true });
    return null;
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const [first] = error.errors;
    return isValidationMessage(first) ? first : validationMessage('general_error');
  }
}
