import type { ReactNode } from 'react';
import { classNames } from '../classNames';
import { describedBy } from './FieldFrame';
import { useFieldIds } from './useFieldIds';

export interface CheckboxProps {
  /** May hold links, e.g. "I accept the terms of use". */
  label: ReactNode;
  name: string;
  /** Checked or not. */
  value: boolean;
  /** A tick or untick: the checkbox's DOM `change` event. */
  onCommit?: (value: boolean) => void;
  onBlur?: () => void;
  error?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** A labelled checkbox drawn in the kit's style around the native input (keyboard and forms work as usual). */
export function Checkbox({ label, name, value, onCommit, onBlur, error, description, required, disabled, id, className }: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={classNames('ui-checkbox', error && 'ui-checkbox--invalid', disabled && 'ui-checkbox--disabled', className)}>
      <label className="ui-checkbox__row" htmlFor={ids.control}>
        <input
          id={ids.control}
          name={name}
          type="checkbox"
          className="ui-checkbox__input"
          checked={value}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, description, error)}
          onChange={(event) => onCommit?.(event.target.checked)}
          onBlur={onBlur}
        />
        <span className="ui-checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.4">
            <path d="M3 8.5l3.2 3L13 4.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <span className="ui-checkbox__label">{label}</span>
      </label>
      {description && (
        <p id={ids.description} className="ui-field__description">
          {description}
        </p>
      )}
      {error && (
        <p id={ids.error} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
