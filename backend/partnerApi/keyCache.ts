/**
 * The signed call's keys, kept in process so that a call reads no database row while its key is
 * unchanged. An entry is valid while two KV values are what they were before its row was read:
 *  - the key's version (`apikey:ver:<publicKey>`), bumped after the commit of every change of the
 *    key (keys.ts: create, patch, delete — `touchApiKey`);
 *  - its owner's session epoch (accounts/sessions.ts), bumped by every block, deletion and
 *    sign-out-everywhere of the account.
 * A hit reads both from the KV (in parallel) and reads the row again on any difference, so a
 * change takes effect at every web process's next call, as a session's end does. Unknown keys
 * are kept too (as null), so a made-up key costs what a real one does (no timing signal of which
 * keys exist). An entry lives at most KEY_CACHE_TTL_MS (changes made outside the app), a null one
 * NULL_KEY_TTL_MS (an owner unblocked by the passing of time bumps no epoch), and the cache holds
 * at most KEY_CACHE_MAX entries (the oldest go first). When the KV cannot answer, the caller's
 * KVUnavailableError stands: the signed call answers 503 (its nonce lives in the KV too).
 */
import { currentEpoch } from '../accounts/sessions';
import type { ApiKey, Models } from '../models';
import type { KV } from '../platform/kv/types';
import { openWithAny } from '../platform/security/secretBox';
import { apiKeySealContext } from './models/ApiKey';

export const KEY_CACHE_TTL_MS = 60_000;
export const NULL_KEY_TTL_MS = 5_000;
export const KEY_CACHE_MAX = 10_000;

/** A live key of an active owner, with its secret opened (null: it does not open — keys rotated out). */
export interface LiveKey {
  row: ApiKey;
  secret: string | null;
}

interface Entry {
  key: LiveKey | null;
  version: string | null;
  epoch: number | null;
  expiresAt: number;
}

export function keyVersionKey(publicKey: string): string {
  return `apikey:ver:${publicKey}`;
}

/** After the commit of a change of key `publicKey`: every process reads it again at its next call. */
export async function touchApiKey(kv: KV, publicKey: string): Promise<void> {
  await kv.incr(keyVersionKey(publicKey));
}

/**
 * The key of `publicKey` if it is live and its owner active; null otherwise. One query (the key
 * joined to its owner): a known key and an unknown one cost the same round trips.
 */
export function loadKey(models: Models, publicKey: string): Promise<ApiKey | null> {
  return models.ApiKey.findOne({
    where: { publicKey, deletedAt: null },
    include: [{ model: models.User, as: 'owner', attributes: [], where: { status: 'active' }, required: true }],
  });
}

function openSecret(row: ApiKey, secretKeys: readonly string[]): string | null {
  try {
    return openWithAny(row.secretSealed, secretKeys, { context: apiKeySealContext(row.publicKey) }).plaintext;
  } catch {
    return null;
  }
}

export interface KeyCache {
  /** The key as the signed call checks it (see the top of this file). */
  get(publicKey: string): Promise<LiveKey | null>;
}

export function createKeyCache(deps: { models: Models; kv: KV; secretKeys: readonly string[]; now?: () => number }): KeyCache {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function fill(publicKey: string): Promise<LiveKey | null> {
    // The versions first, then the row: a change committed in between leaves an entry that the
    // next call finds out of date.
    const version = await deps.kv.get(keyVersionKey(publicKey));
    const row = await loadKey(deps.models, publicKey);
    const epoch = row ? await currentEpoch(deps.kv, row.userId) : null;
    const key = row ? { row, secret: openSecret(row, deps.secretKeys) } : null;
    entries.delete(publicKey);
    if (entries.size >= KEY_CACHE_MAX) entries.delete(entries.keys().next().value!);
    entries.set(publicKey, { key, version, epoch, expiresAt: now() + (key ? KEY_CACHE_TTL_MS : NULL_KEY_TTL_MS) });
    return key;
  }

  return {
    async get(publicKey) {
      const entry = entries.get(publicKey);
      if (!entry || entry.expiresAt <= now()) return fill(publicKey);
      const [version, epoch] = await Promise.all([
        deps.kv.get(keyVersionKey(publicKey)),
        entry.key ? currentEpoch(deps.kv, entry.key.row.userId) : Promise.resolve(null),
      ]);
      return version === entry.version && epoch === entry.epoch ? entry.key : fill(publicKey);
    },
  };
}
