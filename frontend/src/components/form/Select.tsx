import type { ReactNode } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';
import { useFieldIds } from './useFieldIds';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  name: string;
  value: string;
  options: readonly SelectOption[];
  /** Text of the empty choice shown while nothing is selected. */
  placeholder?: string;
  /** A new choice: the select's DOM `change` event. */
  onCommit?: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** A labelled native select (the platform's own list on phones), styled like the text inputs. */
export function Select({
  label,
  name,
  value,
  options,
  placeholder,
  onCommit,
  onBlur,
  error,
  description,
  required,
  disabled,
  id,
  className,
}: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame
      ids={ids}
      label={label}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      className={className}
    >
      <div className="ui-input ui-input--select">
        <select
          id={ids.control}
          name={name}
          value={value}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, description, error)}
          className="ui-input__control"
          onChange={(event) => onCommit?.(event.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="ui-input__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </FieldFrame>
  );
}
