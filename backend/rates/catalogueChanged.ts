/**
 * Publish on this KV channel after changing the catalogue (assets, directions, a reserve): the
 * rates job of the worker (backend/rates/job.ts) re-reads it at once instead of on schedule.
 */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue:changed';
