import type { BuildManifest } from '../../common/api';

/** Spec §9: look for a new build every hour; never reload twice within 10 s. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'build-check:reloaded-at';
export const LATEST_BUILD_URL = '/builds/latest.json';

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Whether `latest` is a manifest naming a build other than the running one. */
export function isNewBuild(currentBuildId: string, latest: unknown): boolean {
  if (!latest || typeof latest !== 'object') return false;
  const { buildId } = latest as Partial<BuildManifest>;
  return typeof buildId === 'string' && buildId.length > 0 && buildId !== currentBuildId;
}

/** False while the last guarded reload happened less than 10 s ago (so a broken deploy can't loop). */
export function reloadAllowed(storage: ReloadDeps['storage'], now: number): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY));
  if (!Number.isFinite(last) || last <= 0) return true;
  const elapsed = now - last;
  return elapsed < 0 || elapsed >= RELOAD_GUARD_MS;
}

/**
 * Reloads the page unless the guard forbids it. Returns whether it reloaded. When the guard
 * cannot be written (storage disabled), it does not reload: a reload loop is worse than a stale page.
 */
export function guardedReload({ storage, now, reload }: ReloadDeps): boolean {
  try {
    const at = now();
    if (!reloadAllowed(storage, at)) return false;
    storage.setItem(RELOAD_GUARD_KEY, String(at));
  } catch {
    return false;
  }
  reload();
  return true;
}

export async function fetchLatestManifest(url = LATEST_BUILD_URL): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) return null;
  return response.json();
}

/** Fetches the manifest and reloads (guarded) when it names another build; failures are ignored. */
export async function checkForNewBuild(
  currentBuildId: string,
  fetchLatest: () => Promise<unknown>,
  deps: ReloadDeps,
): Promise<boolean> {
  let latest: unknown;
  try {
    latest = await fetchLatest();
  } catch {
    return false;
  }
  return isNewBuild(currentBuildId, latest) && guardedReload(deps);
}

export interface BuildCheckOptions {
  currentBuildId: string;
  target?: Window;
  intervalMs?: number;
  fetchLatest?: () => Promise<unknown>;
  deps?: ReloadDeps;
}

function browserReloadDeps(target: Window): ReloadDeps {
  return { storage: target.sessionStorage, now: () => Date.now(), reload: () => target.location.reload() };
}

/**
 * Starts the hourly build check and the chunk-load-error reload (`vite:preloadError`).
 * Under the dev server (`currentBuildId === 'dev'`) there is no manifest to compare with, so only
 * the chunk-load handler runs. Returns the stop function.
 */
export function startBuildCheck({
  currentBuildId,
  target = window,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  fetchLatest = fetchLatestManifest,
  deps = browserReloadDeps(target),
}: BuildCheckOptions): () => void {
  const onPreloadError = (event: Event): void => {
    // A reload fetches the new index.html and its chunks; without one, let the error reach the 500 page.
    if (guardedReload(deps)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);

  const timer =
    currentBuildId === 'dev'
      ? undefined
      : target.setInterval(() => void checkForNewBuild(currentBuildId, fetchLatest, deps), intervalMs);

  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    if (timer !== undefined) target.clearInterval(timer);
  };
}
