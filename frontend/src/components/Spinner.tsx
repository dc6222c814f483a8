import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from './classNames';

export interface SpinnerProps {
  /**
   * Seconds to count down; default 0. With 0 the spinner spins indefinitely; above 0 it shows
   * the whole seconds left (a fraction rounds up) and calls `onDone` once when they run out.
   */
  delay?: number;
  onDone?: () => void;
  size?: 'small' | 'medium' | 'large';
  /** Accessible name; default "Loading". */
  label?: string;
  className?: string;
}

const SECOND_MS = 1000;

function wholeSeconds(delay: number): number {
  return Number.isFinite(delay) && delay > 0 ? Math.ceil(delay) : 0;
}

/** A loading indicator, optionally a countdown of whole seconds. */
export function Spinner({ delay = 0, onDone, size = 'medium', label, className }: SpinnerProps) {
  const { t } = useTranslation();
  const total = wholeSeconds(delay);
  const [countdown, setCountdown] = useState({ total, left: total });
  if (countdown.total !== total) setCountdown({ total, left: total });
  const secondsLeft = countdown.left;

  const signalDone = useEffectEvent(() => onDone?.());

  useEffect(() => {
    if (countdown.total === 0) return undefined;
    if (countdown.left === 0) {
      signalDone();
      return undefined;
    }
    const timer = setTimeout(() => {
      setCountdown((current) => ({ ...current, left: current.left - 1 }));
    }, SECOND_MS);
    return () => clearTimeout(timer);
  }, [countdown]);

  const counting = countdown.total > 0;
  const name = label ?? (counting ? t('ui.spinner.secondsLeft', { count: secondsLeft }) : t('ui.spinner.loading'));

  return (
    <span
      role="status"
      aria-label={name}
      className={classNames(
        'ui-spinner',
        `ui-spinner--${size}`,
        counting && secondsLeft === 0 && 'ui-spinner--done',
        className,
      )}
    >
      <span className="ui-spinner__ring" aria-hidden="true" />
      {counting && secondsLeft > 0 && (
        <span className="ui-spinner__count" aria-hidden="true">
          {secondsLeft}
        </span>
      )}
    </span>
  );
}
