/**
 * The key-value store (Redis) cannot answer right now: not connected, connection lost or too slow.
 * Thrown quickly instead of waiting for Redis to return; the HTTP layer answers 503.
 */
export class KVUnavailableError extends Error {
  override readonly name = 'KVUnavailableError';

  constructor(
    /** The KV operation that failed, e.g. `get`. */
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(`Key-value store unavailable (${operation})`, options);
  }
}

/** A TTL must be a positive whole number of milliseconds (Redis `PX` rejects anything else). */
export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)) {
    throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
  }
}

const CANONICAL_INTEGER_RE = /^(0|[1-9]\d*)$/;

/** `setIfGreater`'s values: non-negative integers in decimal without leading zeros. */
export function assertCanonicalInteger(value: string, what: string): void {
  if (!CANONICAL_INTEGER_RE.test(value)) throw new RangeError(`${what} must be a non-negative integer without leading zeros, got ${JSON.stringify(value)}`);
}

/** a > b for canonical non-negative integers of any length. */
export function integerGreater(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}
