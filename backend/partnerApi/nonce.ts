/**
 * The signed call's nonce: `time` strictly greater than the last accepted one for the key,
 * accepted by ONE atomic conditional update in the KV (`setIfGreater` on `apikey:nonce:<id>`:
 * Redis's Lua script, or the in-process store), so N parallel copies of a request are accepted
 * exactly once, in every web process alike. The database keeps the key's `lastNonce` (and
 * `lastUsedAt`) as the floor the KV starts from: written behind the calls — at once when the key
 * has had no write for NONCE_WRITE_INTERVAL_MS, else when that time is up, with the highest value
 * accepted meanwhile — so a call never waits for a commit, and a busy key costs one write a second.
 *
 * The floor of a call is the highest of the key row's `lastNonce` and the last value this process
 * accepted. When the KV holds no nonce for the key (its first call, an expired entry, a Redis
 * that lost its data), the row is read again for a fresh floor before anything is stored. What
 * that leaves: a KV that loses its data forgets the calls accepted since the last write behind
 * (at most NONCE_WRITE_INTERVAL_MS) — a replay of one of those would be accepted once.
 */
import { Op } from 'sequelize';
import type { ApiKey, Models } from '../models';
import type { Logger } from '../platform/logger';
import type { KV } from '../platform/kv/types';

/** A key idle this long loses its KV nonce (the database floor stays). */
export const NONCE_TTL_MS = 30 * 24 * 3600_000;

/** A key's `lastNonce` is written at most once per this. */
export const NONCE_WRITE_INTERVAL_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function nonceKey(keyId: number): string {
  return `apikey:nonce:${keyId}`;
}

/** A DECIMAL(20,0) as read back ('123', '123.0' on some drivers) → canonical digits, or null. */
function canonicalNonce(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const digits = String(raw).split('.')[0]!;
  return /^\d+$/.test(digits) ? BigInt(digits).toString() : null;
}

function higher(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.length !== b.length ? (a.length > b.length ? a : b) : a > b ? a : b;
}

export interface NonceGate {
  /** True when `time` is accepted for `row`'s key (and will be written behind). */
  accept(row: ApiKey, time: number): Promise<boolean>;
  /** Resolves once every write behind begun so far has ended (tests, shutdown). */
  settle(): Promise<void>;
}

export function createNonceGate(deps: { models: Models; kv: KV; logger: Logger; now?: () => Date }): NonceGate {
  const now = deps.now ?? (() => new Date());
  /** The highest value this process accepted per key id. */
  const accepted = new Map<number, string>();
  /** Per key id: the value waiting to be written, and whether a write is under way. */
  const pending = new Map<number, string>();
  const writing = new Map<number, Promise<void>>();

  /** When each key's last write began. */
  const lastWrite = new Map<number, number>();

  async function write(keyId: number): Promise<void> {
    while (pending.has(keyId)) {
      const wait = (lastWrite.get(keyId) ?? -Infinity) + NONCE_WRITE_INTERVAL_MS - Date.now();
      if (wait > 0) await pause(wait);
      lastWrite.set(keyId, Date.now());
      const value = pending.get(keyId)!;
      pending.delete(keyId);
      try {
        await deps.models.ApiKey.update(
          { lastNonce: value, lastUsedAt: now() },
          { where: { id: keyId, [Op.or]: [{ lastNonce: null }, { lastNonce: { [Op.lt]: value } }] } },
        );
      } catch (error) {
        deps.logger.warn({ err: error, keyId }, 'partner API nonce not written behind');
      }
    }
    writing.delete(keyId);
  }

  function writeBehind(keyId: number, value: string): void {
    accepted.set(keyId, higher(accepted.get(keyId) ?? null, value)!);
    pending.set(keyId, higher(pending.get(keyId) ?? null, value)!);
    if (!writing.has(keyId)) writing.set(keyId, write(keyId));
  }

  return {
    async accept(row, time) {
      const value = String(time);
      const key = nonceKey(row.id);
      const floor = higher(canonicalNonce(row.lastNonce), accepted.get(row.id) ?? null);
      let result = await deps.kv.setIfGreater(key, value, { floor, ttlMs: NONCE_TTL_MS, onlyIfPresent: true });
      if (result === 'absent') {
        const fresh = await deps.models.ApiKey.findByPk(row.id, { attributes: ['id', 'lastNonce'] });
        result = await deps.kv.setIfGreater(key, value, { floor: higher(floor, canonicalNonce(fresh?.lastNonce)), ttlMs: NONCE_TTL_MS });
      }
      if (result !== 'stored') return false;
      writeBehind(row.id, value);
      return true;
    },
    async settle() {
      while (writing.size > 0) await Promise.all([...writing.values()]);
    },
  };
}
