import { describedBy, FieldFrame } from './FieldFrame';
import { useFieldIds } from './useFieldIds';

export interface TextAreaProps {
  label: string;
  name: string;
  value: string;
  onValueChange?: (value: string) => void;
  onCommit?: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  rows?: number;
  id?: string;
}

/** A labelled multi-line input, framed like TextField (React's onChange is every keystroke; a commit is leaving it). */
export function TextArea({ label, name, value, onValueChange, onCommit, onBlur, error, required, disabled, maxLength, rows = 5, id }: TextAreaProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} error={error} required={required} disabled={disabled}>
      <div className="ui-input ui-input--multiline">
        <textarea
          id={ids.control}
          name={name}
          value={value}
          rows={rows}
          maxLength={maxLength}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, undefined, error)}
          className="ui-input__control"
          onChange={(event) => onValueChange?.(event.target.value)}
          onBlur={(event) => {
            onCommit?.(event.target.value);
            onBlur?.();
          }}
        />
      </div>
    </FieldFrame>
  );
}
