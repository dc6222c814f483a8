import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { classNames } from './classNames';

export type HintPlacement = 'top' | 'bottom' | 'left' | 'right';

export interface HintProps {
  /** What the hint says. */
  content: ReactNode;
  /** The trigger: clicking it shows the hint. */
  children: ReactNode;
  /** Milliseconds the hint stays after showing; default 1000. 0 keeps it until dismissed. */
  lifetime?: number;
  /** Side of the trigger; default `bottom`. */
  placement?: HintPlacement;
  /** [along the trigger, away from it] in pixels; default [0, 7]. */
  offset?: [number, number];
  /** Draws the arrow pointing at the trigger; default true. */
  arrow?: boolean;
  className?: string;
}

/** Delay before a click outside may dismiss the hint, so the click that opened it does not. */
export const HINT_OUTSIDE_CLICK_DELAY_MS = 100;

/**
 * A small popover shown when its trigger is clicked (e.g. "Copied" next to a copy button).
 * It hides after its lifetime, on Escape, or on a click outside — that listener starts
 * 100 ms after the hint appears. Placed with CSS relative to the trigger, so no positioning
 * library is needed.
 */
export function Hint({
  content,
  children,
  lifetime = 1000,
  placement = 'bottom',
  offset = [0, 7],
  arrow = true,
  className,
}: HintProps) {
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  // Each click on the trigger counts as a new showing: the lifetime starts over.
  const [showing, setShowing] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open || lifetime <= 0) return undefined;
    const timer = setTimeout(() => setOpen(false), lifetime);
    return () => clearTimeout(timer);
  }, [open, showing, lifetime]);

  useEffect(() => {
    if (!open) return undefined;
    function dismissOutside(event: Event): void {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function dismissOnEscape(event: KeyboardEvent): void {
      if (event.key === 'Escape') setOpen(false);
    }
    const start = setTimeout(() => document.addEventListener('pointerdown', dismissOutside), HINT_OUTSIDE_CLICK_DELAY_MS);
    document.addEventListener('keydown', dismissOnEscape);
    return () => {
      clearTimeout(start);
      document.removeEventListener('pointerdown', dismissOutside);
      document.removeEventListener('keydown', dismissOnEscape);
    };
  }, [open]);

  function show(): void {
    setShowing((count) => count + 1);
    setOpen(true);
  }

  const [along, away] = offset;
  const position = { '--ui-hint-along': `${along}px`, '--ui-hint-away': `${away}px` } as CSSProperties;
  const trigger =
    open && isValidElement<{ 'aria-describedby'?: string }>(children)
      ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string }>, { 'aria-describedby': id })
      : children;

  return (
    <span ref={rootRef} className={classNames('ui-hint', className)} onClick={show}>
      {trigger}
      {open && (
        <span
          id={id}
          role="tooltip"
          className={classNames('ui-hint__popup', `ui-hint__popup--${placement}`, arrow && 'ui-hint__popup--arrow')}
          style={position}
          onClick={(event) => event.stopPropagation()}
        >
          {content}
          {arrow && <span className="ui-hint__arrow" aria-hidden="true" />}
        </span>
      )}
    </span>
  );
}
