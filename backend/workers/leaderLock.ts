import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';

export interface LeaderLockOptions {
  kv: KV;
  logger: Logger;
  /** KV key of the lock. */
  key: string;
  /** This process's id, stored as the lock's value. */
  ownerId: string;
  /** Lock lifetime; a crashed leader is replaced after at most this long. */
  ttlMs: number;
  /** How often the lock is renewed or, by a standby, tried. Well below ttlMs. */
  renewEveryMs: number;
  onAcquired(): void;
  onLost(): void;
}

export interface LeaderLock {
  isLeader(): boolean;
  /** Stops renewing and releases the lock when held. */
  release(): Promise<void>;
}

/**
 * Leader election on the KV: `setIfAbsent(key, ownerId, ttl)` takes a free lock; the holder
 * renews it every `renewEveryMs`. The KV has no compare-and-set, so renewal reads the owner
 * first: the lock can only change hands if it expired between that read and the write, which a
 * renewal interval far below the TTL makes practically impossible.
 */
export async function startLeaderLock(options: LeaderLockOptions): Promise<LeaderLock> {
  const { kv, logger, key, ownerId, ttlMs } = options;
  let leader = false;
  let stopped = false;

  async function tick(): Promise<void> {
    try {
      if (leader) {
        if ((await kv.get(key)) === ownerId) {
          await kv.set(key, ownerId, ttlMs);
          return;
        }
        leader = false;
        logger.warn({ key }, 'worker leadership lost');
        options.onLost();
      }
      if (await kv.setIfAbsent(key, ownerId, ttlMs)) {
        leader = true;
        logger.info({ key, ownerId }, 'worker leadership acquired');
        options.onAcquired();
      }
    } catch (error) {
      logger.warn({ err: error, key }, 'worker leader lock check failed');
    }
  }

  await tick();
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, options.renewEveryMs);

  return {
    isLeader: () => leader,
    async release() {
      stopped = true;
      clearInterval(timer);
      if (!leader) return;
      leader = false;
      options.onLost();
      try {
        if ((await kv.get(key)) === ownerId) await kv.del(key);
      } catch (error) {
        logger.warn({ err: error, key }, 'worker leader lock release failed');
      }
    },
  };
}
