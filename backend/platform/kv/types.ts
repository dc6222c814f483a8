/**
 * The one small interface for what needs Redis: key-value with TTL, counters,
 * small hashes (an index of a few entries per key), pub/sub.
 * `RedisKV` implements it on ioredis (fail-fast on the request path), `MemoryKV` in process.
 */
export interface SetIfGreaterOptions {
  floor?: string | null;
  ttlMs?: number;
  onlyIfPresent?: boolean;
}
export type SetIfGreaterResult = 'stored' | 'not-greater' | 'absent';

export interface KV {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  /** ttlMs omitted = no expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when absent (locks, nonces); true when set. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /**
   * Atomically stores `value` when it is greater than both the stored value (if any) and `floor`
   * (if given): all three non-negative integers written in decimal without leading zeros, of any
   * length (compared as numbers, never as doubles); the TTL is renewed when it stores. With
   * `onlyIfPresent`, a missing key is left missing and answered 'absent' (the caller finds a floor).
   * Nonces: N parallel calls with one value → exactly one 'stored'.
   */
  setIfGreater(key: string, value: string, options?: SetIfGreaterOptions): Promise<SetIfGreaterResult>;
  /** Atomically increments and returns the new value; ttlMs applies when the key is created. */
  incr(key: string, ttlMs?: number): Promise<number>;
  /**
   * Sets one field of the hash at `key` (created when missing). ttlMs given: the whole hash's
   * time to live is set to it (callers that pass one always pass the same, so it only moves on).
   */
  hashSet(key: string, field: string, value: string, ttlMs?: number): Promise<void>;
  /** Every field of the hash at `key`; {} when missing. */
  hashGetAll(key: string): Promise<Record<string, string>>;
  /** Removes one field; the hash goes when its last field does. */
  hashDel(key: string, field: string): Promise<void>;
  /** Remaining time to live in ms, -1 without expiry, -2 missing. */
  ttl(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the subscriptions are live again after the connection carrying
   * them was lost, with when it was lost: messages published meanwhile never arrive, so the
   * listener catches up from the stored state. Never called for the in-process store. Returns
   * the function that removes the listener.
   */
  onResubscribed(listener: (lostAt: Date) => void): () => void;
  /** Answers when the backing store is reachable (used by /api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
