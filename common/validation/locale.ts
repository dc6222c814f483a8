/**
 * yup's own checks (`.required()`, `.email()`, `.min()`, type errors, …) fail with the same
 * `ValidationMessage` objects as our rules instead of yup's English sentences. Importing this
 * module installs the locale; yup reads it when a schema method is called, so schemas must be
 * built after it ran — `common/validation`'s index and field schemas import it first.
 */
import { type LocaleObject, setLocale } from 'yup';
import { validationMessage } from './messages';

const generalError = () => validationMessage('general_error');
const requiredError = () => validationMessage('required');

/** Dates appear in messages as ISO text; numbers and strings as they are. */
function printable(value: unknown): string | number {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'number' ? value : String(value);
}

export const validationLocale: LocaleObject = {
  mixed: {
    default: generalError,
    required: requiredError,
    defined: requiredError,
    notNull: requiredError,
    oneOf: generalError,
    notOneOf: generalError,
    notType: ({ type }) => validationMessage(type === 'number' ? 'invalid_number' : 'general_error'),
  },
  string: {
    length: ({ length }) => validationMessage('length', { length }),
    min: ({ min }) => validationMessage('min', { min }),
    max: ({ max }) => validationMessage('max', { max }),
    matches: () => validationMessage('regex'),
    email: () => validationMessage('email'),
    url: () => validationMessage('url'),
    uuid: generalError,
    datetime: generalError,
    datetime_offset: generalError,
    datetime_precision: generalError,
    trim: generalError,
    lowercase: generalError,
    uppercase: generalError,
  },
  number: {
    min: ({ min }) => validationMessage('min_value', { min }),
    max: ({ max }) => validationMessage('max_value', { max }),
    lessThan: ({ less }) => validationMessage('less_than', { max: less }),
    moreThan: ({ more }) => validationMessage('more_than', { min: more }),
    positive: ({ more }) => validationMessage('more_than', { min: more }),
    negative: ({ less }) => validationMessage('less_than', { max: less }),
    integer: () => validationMessage('integer'),
  },
  date: {
    min: ({ min }) => validationMessage('min_value', { min: printable(min) }),
    max: ({ max }) => validationMessage('max_value', { max: printable(max) }),
  },
  boolean: {
    isValue: generalError,
  },
  object: {
    noUnknown: generalError,
    exact: generalError,
  },
  array: {
    length: ({ length }) => validationMessage('length', { length }),
    min: ({ min }) => validationMessage('min_items', { min }),
    max: ({ max }) => validationMessage('max_items', { max }),
  },
  tuple: {
    notType: generalError,
  },
};

setLocale(validationLocale);
