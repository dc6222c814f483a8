import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { translateMessage, validateField, type Translate } from '../../../../common/validation';
import { afterPointerRelease, watchPointerPresses } from './pointerPress';

/** What a form field needs: spread it onto `TextField`, `Checkbox` or `Select`. */
export interface FieldBinding<V> {
  name: string;
  value: V;
  /** The message to show, translated: the field's validation failure or the server's word. */
  error: string | undefined;
  /** Every edit (each keystroke): updates the value, does not validate. */
  onValueChange: (value: V) => void;
  /** The field committed a value (the DOM `change` event): updates it and validates (after a click in progress). */
  onCommit: (value: V) => void;
  /** The field lost the focus: validates (after the click that moved the focus, if any). */
  onBlur: () => void;
}

export interface Form<T extends AnyObject> {
  values: T;
  /** Field name → translated message, for every field showing one. */
  errors: Partial<Record<keyof T & string, string>>;
  /** True while the `handleSubmit` callback runs (e.g. for `<Button loading>`). */
  submitting: boolean;
  field<K extends keyof T & string>(name: K): FieldBinding<T[K]>;
  setValue<K extends keyof T & string>(name: K, value: T[K]): void;
  /** Shows the `fields` of an API error envelope on the matching inputs until they are edited. */
  setServerErrors(fields: Record<string, string> | undefined): void;
  /** Validates every field and shows the failures; true when the form is valid. */
  validate(): boolean;
  /**
   * A submit handler for `<form onSubmit>`: validates everything, focuses the first invalid
   * field, and only when valid calls `onValid` with the values (once at a time). Errors thrown by
   * `onValid` are not caught: handle API errors there (`setServerErrors(error.fields)`).
   */
  handleSubmit(onValid: (values: T) => void | Promise<void>): (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  reset(values?: T): void;
}

/** Field path → its first failure (still untranslated, so a language switch retranslates it). */
type Failures = Record<string, unknown>;

function allFailures<T extends AnyObject>(schema: ObjectSchema<T>, values: T): Failures {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const failures: Failures = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const path = failure.path ?? '';
      if (!(path in failures)) failures[path] = failure.errors[0];
    }
    return failures;
  }
}

function without(record: Record<string, unknown>, name: string) {
  if (!(name in record)) return record;
  const { [name]: _removed, ...rest } = record;
  return rest;
}

/**
 * Form state validated by a yup schema of `common/validation` — on blur and on change (the DOM
 * `change` event, which text inputs fire when the edit is committed), never on input: typing
 * shows no new error until the field is left or committed. Server field errors show on their
 * inputs until those are edited.
 */
export function useForm<T extends AnyObject>(schema: ObjectSchema<T>, initial: T): Form<T> {
  const { t } = useTranslation();
  const translate: Translate = (key, values) => t(key, values);
  const [values, setValues] = useState<T>(initial);
  const valuesRef = useRef(values);
  const [failures, setFailures] = useState<Failures>({});
  const [serverErrors, setServerErrorsState] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  useEffect(watchPointerPresses, []);

  function setValue<K extends keyof T & string>(name: K, value: T[K]): void {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues(valuesRef.current);
    setServerErrorsState((current) => without(current, name) as Record<string, string>);
  }

  function validateOne(name: string): void {
    const failure = validateField(schema, name, valuesRef.current);
    setFailures((current) => (failure ? { ...current, [name]: failure } : without(current, name)));
  }

  /** Validates every field, shows the failures and answers the names of the invalid ones. */
  function showAllFailures(): string[] {
    const found = allFailures(schema, valuesRef.current);
    setFailures(found);
    return Object.keys(found);
  }

  function errorOf(name: string): string | undefined {
    if (name in serverErrors) return serverErrors[name];
    return name in failures ? translateMessage(failures[name], translate) : undefined;
  }

  const errors: Partial<Record<string, string>> = {};
  for (const name of new Set([...Object.keys(failures), ...Object.keys(serverErrors)])) errors[name] = errorOf(name);

  return {
    values,
    errors: errors as Form<T>['errors'],
    submitting,
    field: (name) => ({
      name,
      value: values[name],
      error: errorOf(name),
      onValueChange: (value) => setValue(name, value),
      // A text field commits (and blurs) on the press of a click elsewhere: its validation
      // waits until that click is done (see pointerPress.ts).
      onCommit: (value) => {
        setValue(name, value);
        afterPointerRelease(() => validateOne(name));
      },
      onBlur: () => afterPointerRelease(() => validateOne(name)),
    }),
    setValue,
    setServerErrors: (fields) => setServerErrorsState({ ...fields }),
    validate: () => showAllFailures().length === 0,
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      if (submittingRef.current) return;
      setServerErrorsState({});
      const invalid = showAllFailures();
      if (invalid.length > 0) {
        focusField(event?.currentTarget, invalid);
        return;
      }
      submittingRef.current = true;
      setSubmitting(true);
      try {
        await onValid(valuesRef.current);
      } finally {
        submittingRef.current = false;
        setSubmitting(false);
      }
    },
    reset: (next = initial) => {
      valuesRef.current = next;
      setValues(next);
      setFailures({});
      setServerErrorsState({});
    },
  };
}

/** Focuses the first control of `form`, in document order, whose name is among `names`. */
function focusField(form: HTMLFormElement | undefined, names: string[]): void {
  if (!form) return;
  const control = [...form.elements].find(
    (element): element is HTMLElement => element instanceof HTMLElement && names.includes(element.getAttribute('name') ?? ''),
  );
  control?.focus();
}
