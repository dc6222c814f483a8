/**
 * The signed-in account, kept in process so that a signed-in request reads no user row while the
 * account is unchanged (the same design as the partner API's key cache, partnerApi/keyCache.ts).
 * An entry is valid while two KV values are what they were before its row was read:
 *  - the account's version (`acct:ver:<id>`), bumped after the commit of every write of that user
 *    (model hooks on User: instance updates and destroys, and bulk updates/destroys whose `where`
 *    names the id); a bulk write that names no single id bumps `acct:ver:all`, read as well;
 *  - the user's session epoch (accounts/sessions.ts), which the session check reads anyway.
 * The versions are read before the row, so a write committed in between leaves an entry the next
 * request finds out of date. With REDIS_URL the versions are shared: a change made in one web
 * process (or the worker, or the CLI) is seen by every process at its next request. An entry lives
 * at most ACCOUNT_CACHE_TTL_MS (writes made outside the app, or by a CLI without the shared KV),
 * and the cache holds at most ACCOUNT_CACHE_MAX entries (the oldest go first).
 *
 * Every request gets its own instance built from the kept values (as findByPk builds it), so a
 * handler that changes its `user` changes nothing another request sees.
 */
import type { Attributes, Transaction } from 'sequelize';
import type { KV } from '../platform/kv/types';
import type { Models, User } from '../models';
import { epochKey } from './sessions';

export const ACCOUNT_CACHE_TTL_MS = 30_000;
export const ACCOUNT_CACHE_MAX = 10_000;
const ALL_ACCOUNTS_VERSION_KEY = 'acct:ver:all';

export function accountVersionKey(userId: number): string {
  return `acct:ver:${userId}`;
}

interface Entry {
  values: Attributes<User>;
  version: string | null;
  allVersion: string | null;
  epoch: string | null;
  expiresAt: number;
}

export interface AccountCache {
  /**
   * The user `userId` as a fresh instance, or null when there is none — and whether the session's
   * `epoch` is still the user's current one (false: the session ended; no row is read).
   */
  load(userId: number, epoch: number): Promise<{ current: boolean; user: User | null }>;
}

type UserModel = Models['User'];
const caches = new WeakMap<UserModel, AccountCache>();

/** The account cache of `User`'s database, once watchAccountChanges registered one. */
export function accountCacheOf(User: UserModel): AccountCache | undefined {
  return caches.get(User);
}

/** The single user id a bulk write's `where` names, or null. */
function idOfWhere(where: unknown): number | null {
  const id = (where as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * Bumps the version of the account(s) a write touched, after its transaction commits (at once
 * when it runs outside one). A KV that cannot answer is logged by the caller's logger only: the
 * write itself has committed, and the entry still expires within ACCOUNT_CACHE_TTL_MS.
 */
function bumpAfterCommit(kv: KV, key: string, transaction: Transaction | null | undefined, onError: (error: unknown) => void): Promise<void> | void {
  const bump = () => kv.incr(key).then(() => undefined, onError);
  if (transaction) {
    transaction.afterCommit(bump);
    return;
  }
  return bump();
}

/**
 * Registers the account cache of `models`' database and the User hooks that keep it true: call it
 * once in each composition root (web, worker, CLI) with that process's KV. Calling it again for
 * the same models returns the cache already registered.
 */
export function watchAccountChanges(models: Pick<Models, 'User'>, kv: KV, options: { now?: () => number; onError?: (error: unknown) => void } = {}): AccountCache {
  const User = models.User;
  const known = caches.get(User);
  if (known) return known;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  const entries = new Map<number, Entry>();

  User.addHook('afterUpdate', 'accountCache', (user: User, hookOptions: { transaction?: Transaction | null }) =>
    bumpAfterCommit(kv, accountVersionKey(user.id), hookOptions.transaction, onError),
  );
  User.addHook('afterDestroy', 'accountCache', (user: User, hookOptions: { transaction?: Transaction | null }) =>
    bumpAfterCommit(kv, accountVersionKey(user.id), hookOptions.transaction, onError),
  );
  for (const hook of ['afterBulkUpdate', 'afterBulkDestroy'] as const) {
    User.addHook(hook, 'accountCache', (hookOptions: { where?: unknown; transaction?: Transaction | null }) => {
      const id = idOfWhere(hookOptions.where);
      return bumpAfterCommit(kv, id === null ? ALL_ACCOUNTS_VERSION_KEY : accountVersionKey(id), hookOptions.transaction, onError);
    });
  }

  function versions(userId: number): Promise<[string | null, string | null, string | null]> {
    return Promise.all([kv.get(epochKey(userId)), kv.get(accountVersionKey(userId)), kv.get(ALL_ACCOUNTS_VERSION_KEY)]);
  }

  function instance(values: Attributes<User>): User {
    return User.build({ ...values }, { isNewRecord: false, raw: true });
  }

  const cache: AccountCache = {
    async load(userId, epoch) {
      const [storedEpoch, version, allVersion] = await versions(userId);
      if ((storedEpoch === null ? 0 : Number(storedEpoch)) !== epoch) return { current: false, user: null };
      const entry = entries.get(userId);
      if (entry && entry.expiresAt > now() && entry.version === version && entry.allVersion === allVersion && entry.epoch === storedEpoch) {
        return { current: true, user: instance(entry.values) };
      }
      const row = await User.findByPk(userId);
      entries.delete(userId);
      if (!row) return { current: true, user: null };
      if (entries.size >= ACCOUNT_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(userId, { values: { ...row.dataValues }, version, allVersion, epoch: storedEpoch, expiresAt: now() + ACCOUNT_CACHE_TTL_MS });
      return { current: true, user: row };
    },
  };
  caches.set(User, cache);
  return cache;
}
