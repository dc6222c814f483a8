import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { classNames } from './classNames';

export type ButtonVariant = 'filled' | 'ghost';
export type ButtonColor = 'primary' | 'accent' | 'secondary' | 'accent-pro';
export type ButtonSize = 'small' | 'medium' | 'large';
export type ButtonType = 'button' | 'submit' | 'reset';

export interface ButtonProps {
  /** Filled background or outlined (ghost); default `filled`. */
  variant?: ButtonVariant;
  /** Default `accent`. */
  color?: ButtonColor;
  /** Default `medium`. */
  size?: ButtonSize;
  /** Native button type; default `button` (never submits a form by accident). */
  type?: ButtonType;
  /** Ignores clicks and is skipped by the keyboard. */
  disabled?: boolean;
  /** Shows a spinner in place of the label, keeps the width and ignores clicks. */
  loading?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Renders a link styled as a button: in-app paths navigate inside the SPA. */
  href?: string;
  /** Link target; any target, like an external address, makes a plain link. */
  target?: string;
  rel?: string;
  /** Stretches to the width of its container. */
  fullWidth?: boolean;
  children: ReactNode;
  className?: string;
  id?: string;
  title?: string;
  'aria-label'?: string;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
  'aria-haspopup'?: 'dialog' | 'menu' | 'listbox' | boolean;
  'data-testid'?: string;
}

const EXTERNAL_HREF = /^([a-z][a-z\d+\-.]*:|\/\/)/i;

/** A button (or a link looking like one) with the spec's variants, colors and sizes. */
export function Button({
  variant = 'filled',
  color = 'accent',
  size = 'medium',
  type = 'button',
  disabled = false,
  loading = false,
  onClick,
  href,
  target,
  rel,
  fullWidth = false,
  children,
  className,
  ...attributes
}: ButtonProps) {
  const inactive = disabled || loading;
  const classes = classNames(
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${color}`,
    `ui-button--${size}`,
    loading && 'ui-button--loading',
    fullWidth && 'ui-button--full',
    className,
  );

  function handleClick(event: MouseEvent<HTMLElement>): void {
    if (inactive) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  const content = (
    <>
      <span className="ui-button__label">{children}</span>
      {loading && <span className="ui-button__spinner" aria-hidden="true" />}
    </>
  );
  const state = {
    'aria-busy': loading || undefined,
    'aria-disabled': inactive || undefined,
  };

  if (href !== undefined) {
    if (disabled) {
      return (
        <a {...attributes} {...state} role="link" className={classes} onClick={handleClick}>
          {content}
        </a>
      );
    }
    if (target || EXTERNAL_HREF.test(href)) {
      const safeRel = rel ?? (target === '_blank' ? 'noopener noreferrer' : undefined);
      return (
        <a {...attributes} {...state} href={href} target={target} rel={safeRel} className={classes} onClick={handleClick}>
          {content}
        </a>
      );
    }
    return (
      <Link {...attributes} {...state} href={href} rel={rel} className={classes} onClick={handleClick}>
        {content}
      </Link>
    );
  }

  return (
    <button {...attributes} {...state} type={type} disabled={disabled} className={classes} onClick={handleClick}>
      {content}
    </button>
  );
}
