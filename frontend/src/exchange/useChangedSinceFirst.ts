import { useRef } from 'react';

/**
 * Whether `value` has changed since the component first showed it for `scope` (a pair, an asset):
 * a live figure lights up on its updates, not when it first appears. The flash is a colour
 * animation, which the main thread repaints, and a page's first seconds are a phone's busiest.
 * A new scope starts over; so does a component mounted again.
 */
export function useChangedSinceFirst(scope: string, value: string): boolean {
  const seen = useRef<{ scope: string; first: string; changed: boolean } | null>(null);
  if (seen.current === null || seen.current.scope !== scope) seen.current = { scope, first: value, changed: false };
  else if (value !== seen.current.first) seen.current.changed = true;
  return seen.current.changed;
}
