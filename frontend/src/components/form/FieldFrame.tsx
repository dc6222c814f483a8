import type { ReactNode } from 'react';
import { classNames } from '../classNames';

export interface FieldIds {
  control: string;
  description: string;
  error: string;
}

/** The ids a control points at with `aria-describedby`: its description and its error, when shown. */
export function describedBy(ids: FieldIds, description: ReactNode, error: string | undefined): string | undefined {
  const parts = [description ? ids.description : null, error ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

interface FieldFrameProps {
  ids: FieldIds;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above the control, then its description and its error message. */
export function FieldFrame({ ids, label, description, error, required, disabled, className, children }: FieldFrameProps) {
  return (
    <div className={classNames('ui-field', error && 'ui-field--invalid', disabled && 'ui-field--disabled', className)}>
      <label className="ui-field__label" htmlFor={ids.control}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
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
