import { useEffect, useEffectEvent, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldFrame } from './FieldFrame';
import { useFieldIds } from './useFieldIds';

export interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  /** Every edit (each keystroke). */
  onValueChange?: (value: string) => void;
  /** The DOM `change` event: the edit was committed (Enter, or leaving a changed field). */
  onCommit?: (value: string) => void;
  onBlur?: () => void;
  /** Translated message shown under the input; marks it invalid. */
  error?: string;
  /** Help text under the input. */
  description?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
  /** Shown inside the input on the right, e.g. a currency code. */
  suffix?: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A labelled single-line input. Reports each edit through `onValueChange` and the committed
 * value through `onCommit` — React's `onChange` fires on every keystroke, so the DOM `change`
 * event is listened to directly. Password inputs get a show/hide toggle.
 */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  onCommit,
  onBlur,
  error,
  description,
  type = 'text',
  suffix,
  id,
  className,
  required,
  disabled,
  ...inputAttributes
}: TextFieldProps) {
  const { t } = useTranslation();
  const ids = useFieldIds(id);
  const inputRef = useRef<HTMLInputElement>(null);
  const [revealed, setRevealed] = useState(false);
  const commit = useEffectEvent((committed: string) => onCommit?.(committed));

  useEffect(() => {
    const input = inputRef.current!;
    const onNativeChange = () => commit(input.value);
    input.addEventListener('change', onNativeChange);
    return () => input.removeEventListener('change', onNativeChange);
  }, []);

  const isPassword = type === 'password';
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
      <div className="ui-input">
        <input
          {...inputAttributes}
          ref={inputRef}
          id={ids.control}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, description, error)}
          className="ui-input__control"
          onChange={(event) => onValueChange?.(event.target.value)}
          onBlur={onBlur}
        />
        {isPassword && (
          <button
            type="button"
            className="ui-input__reveal"
            aria-pressed={revealed}
            aria-label={t(revealed ? 'ui.field.hidePassword' : 'ui.field.showPassword')}
            aria-controls={ids.control}
            disabled={disabled}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
        {suffix !== undefined && <span className="ui-input__suffix">{suffix}</span>}
      </div>
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}
