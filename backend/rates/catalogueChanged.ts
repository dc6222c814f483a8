/**
 * Publish on this KV channel after changing the catalogue (assets, directions, a reserve): the
 * rates job of the worker (backend/rates/job.ts) re-reads it at once instead of on schedule, and
 * every web process drops its copies (catalogue/invalidation.ts).
 *
 * The message says what changed. `{"reserve": "<asset code>"}` alone — a payout took from a
 * reserve, the most frequent change by far — concerns the asset list only: readers re-read the
 * assets (1,000 rows on the generated catalogue) and keep their 20,000 directions. Anything else
 * (an admin's edit, or a message this code does not know) re-reads everything.
 */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue:changed';

/** What a catalogue change touched: the assets' reserves only, or anything. */
export type CatalogueChangeScope = 'reserves' | 'all';

/** The message of a payout's reserve change. */
export function reserveChangeMessage(code: string): string {
  return JSON.stringify({ reserve: code });
}

/** The scope of a message published on CATALOGUE_CHANGED_CHANNEL. */
export function catalogueChangeScope(message: string): CatalogueChangeScope {
  try {
    const detail: unknown = JSON.parse(message);
    if (typeof detail === 'object' && detail !== null && !Array.isArray(detail)) {
      const keys = Object.keys(detail);
      if (keys.length === 1 && keys[0] === 'reserve' && typeof (detail as { reserve: unknown }).reserve === 'string') return 'reserves';
    }
  } catch {
    // Not JSON: a change this code cannot narrow down.
  }
  return 'all';
}
