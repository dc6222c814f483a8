/**
 * The ring of a circular progress bar (the spec's CircularProgress): its defaults and its geometry
 * for a share filled. One home for the component (frontend/src/components/CircularProgress.tsx) and
 * the server's first screen of an order page (backend/seo/shell.ts), which must draw the same ring.
 */
export const RING_SIZE = 180;
export const RING_BORDER = 15;

export interface RingGeometry {
  /** The share filled, clamped to 0–100 (0 for anything not a finite number). */
  value: number;
  centre: number;
  radius: number;
  circumference: number;
  /** stroke-dashoffset of the filled part. */
  dashOffset: number;
  lineCap: 'round' | 'butt';
}

export function ringGeometry(size: number, border: number, percent: number): RingGeometry {
  const value = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  const radius = Math.max(0, (size - border) / 2);
  const circumference = 2 * Math.PI * radius;
  return { value, centre: size / 2, radius, circumference, dashOffset: circumference * (1 - value / 100), lineCap: value > 0 ? 'round' : 'butt' };
}
