import { useState, type CSSProperties, type ReactNode } from 'react';
import { classNames } from './classNames';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export interface MarqueeProps {
  children: ReactNode;
  /** Seconds one pass takes; default 20. */
  duration?: number;
  /** Seconds before the first pass; default 0. */
  delay?: number;
  /** Number of passes; default 0, meaning infinite. */
  loop?: number;
  /** Which way the content travels; default `left`. */
  direction?: 'left' | 'right';
  className?: string;
}

/**
 * A continuously scrolling line (rates ticker, news). The content is rendered twice so the
 * loop is seamless; the copy is hidden from assistive technology. Scrolling pauses while the
 * pointer is over it or it holds the focus, and stops entirely — leaving a line that scrolls
 * by hand — when the visitor prefers reduced motion.
 */
export function Marquee({ children, duration = 20, delay = 0, loop = 0, direction = 'left', className }: MarqueeProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  if (reducedMotion) {
    return (
      <div className={classNames('ui-marquee', 'ui-marquee--static', className)}>
        <div className="ui-marquee__track">
          <div className="ui-marquee__content">{children}</div>
        </div>
      </div>
    );
  }

  const animation: CSSProperties = {
    animationDuration: `${duration}s`,
    animationDelay: `${delay}s`,
    animationIterationCount: loop > 0 ? String(loop) : 'infinite',
    animationDirection: direction === 'right' ? 'reverse' : 'normal',
    animationPlayState: hovered || focused ? 'paused' : 'running',
  };

  return (
    <div
      className={classNames('ui-marquee', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="ui-marquee__track" style={animation}>
        <div className="ui-marquee__content">{children}</div>
        <div className="ui-marquee__content" aria-hidden="true" inert>
          {children}
        </div>
      </div>
    </div>
  );
}
