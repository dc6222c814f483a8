import type { CSSProperties, ReactNode } from 'react';
import { RING_BORDER, RING_SIZE, ringGeometry } from '../../../common/progressRing';
import { classNames } from './classNames';

export interface CircularProgressProps {
  /** Outer diameter in pixels; default 180. */
  size?: number;
  /** Ring thickness in pixels; default 15. */
  border?: number;
  /** Filled share of the ring, 0–100; default 50. */
  percent?: number;
  /** Milliseconds a change of `percent` animates over; default 400. */
  transition?: number;
  /** Shown in the centre of the ring (e.g. the order countdown). */
  children?: ReactNode;
  /** Accessible name of the progress bar. */
  label?: string;
  className?: string;
}

/** A ring filled clockwise from the top to `percent`, with content in its centre. */
export function CircularProgress({
  size = RING_SIZE,
  border = RING_BORDER,
  percent = 50,
  transition = 400,
  children,
  label,
  className,
}: CircularProgressProps) {
  const { value, centre, radius, circumference, dashOffset, lineCap } = ringGeometry(size, border, percent);
  const bar: CSSProperties = { transition: `stroke-dashoffset ${transition}ms ease` };

  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className={classNames('ui-progress', className)}
      style={{ width: size, height: size }}
    >
      <svg className="ui-progress__ring" width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle className="ui-progress__track" cx={centre} cy={centre} r={radius} fill="none" strokeWidth={border} />
        <circle
          className="ui-progress__bar"
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          strokeWidth={border}
          strokeLinecap={lineCap}
          strokeDasharray={circumference}
          strokeDashoffset={dashOffset}
          transform={`rotate(-90 ${centre} ${centre})`}
          style={bar}
        />
      </svg>
      {children !== undefined && <div className="ui-progress__content">{children}</div>}
    </div>
  );
}
