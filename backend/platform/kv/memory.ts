import { assertCanonicalInteger, assertTtl, integerGreater } from './errors';
import type { KV, SetIfGreaterOptions, SetIfGreaterResult } from './types';

interface Entry {
  /** A string, or a hash's fields. */
  value: string | Map<string, string>;
  /** Epoch ms, or null without expiry. */
  expiresAt: number | null;
}

/** How often expired keys nobody reads again are swept away. */
const SWEEP_INTERVAL_MS = 60_000;
const INTEGER_RE = /^-?\d+$/;

/**
 * The in-process KV of the embedded default (no REDIS_URL): same semantics as RedisKV for one
 * process. Messages are delivered asynchronously, as Redis delivers them.
 */
export class MemoryKV implements KV {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly channels = new Map<string, Set<(message: string) => void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    return entry ? stringOf(key, entry) : null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    assertTtl(ttlMs);
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async setIfGreater(key: string, value: string, options: SetIfGreaterOptions = {}): Promise<SetIfGreaterResult> {
    assertTtl(options.ttlMs);
    assertCanonicalInteger(value, 'value');
    if (options.floor != null) assertCanonicalInteger(options.floor, 'floor');
    const entry = this.live(key);
    if (!entry && options.onlyIfPresent) return 'absent';
    if (options.floor != null && !integerGreater(value, options.floor)) return 'not-greater';
    if (entry && !integerGreater(value, stringOf(key, entry))) return 'not-greater';
    this.entries.set(key, { value, expiresAt: this.expiry(options.ttlMs) });
    return 'stored';
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    assertTtl(ttlMs);
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: '1', expiresAt: this.expiry(ttlMs) });
      return 1;
    }
    const value = stringOf(key, entry);
    const next = INTEGER_RE.test(value) ? Number(value) + 1 : NaN;
    if (!Number.isSafeInteger(next)) throw new Error(`Value of ${key} is not an integer or out of range`);
    entry.value = String(next);
    return next;
  }

  async hashSet(key: string, field: string, value: string, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    const entry = this.live(key) ?? { value: new Map<string, string>(), expiresAt: null };
    hashOf(key, entry).set(field, value);
    if (ttlMs !== undefined) entry.expiresAt = this.expiry(ttlMs);
    this.entries.set(key, entry);
  }

  async hashGetAll(key: string): Promise<Record<string, string>> {
    const entry = this.live(key);
    return entry ? Object.fromEntries(hashOf(key, entry)) : {};
  }

  async hashDel(key: string, field: string): Promise<void> {
    const entry = this.live(key);
    if (!entry) return;
    const fields = hashOf(key, entry);
    fields.delete(field);
    if (fields.size === 0) this.entries.delete(key);
  }

  async ttl(key: string): Promise<number> {
    const entry = this.live(key);
    if (!entry) return -2;
    return entry.expiresAt === null ? -1 : entry.expiresAt - this.now();
  }

  async publish(channel: string, message: string): Promise<void> {
    const handlers = this.channels.get(channel);
    if (!handlers) return;
    for (const handler of [...handlers]) setImmediate(() => handler(message));
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    // Each subscription gets its own wrapper so the same function can subscribe twice.
    const handler = (message: string) => onMessage(message);
    const handlers = this.channels.get(channel) ?? new Set();
    handlers.add(handler);
    this.channels.set(channel, handlers);
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }

  /** In process, a subscription is never lost. */
  onResubscribed(): () => void {
    return () => undefined;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.channels.clear();
  }

  private expiry(ttlMs: number | undefined): number | null {
    return ttlMs === undefined ? null : this.now() + ttlMs;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    for (const key of this.entries.keys()) this.live(key);
  }
}

// As Redis answers a command on a key of the other type (WRONGTYPE).
function stringOf(key: string, entry: Entry): string {
  if (typeof entry.value !== 'string') throw new Error(`WRONGTYPE ${key} holds a hash, not a string`);
  return entry.value;
}

function hashOf(key: string, entry: Entry): Map<string, string> {
  if (typeof entry.value === 'string') throw new Error(`WRONGTYPE ${key} holds a string, not a hash`);
  return entry.value;
}
