/**
 * A small table kept whole in process, so that a hot path (every new order) reads none of its rows
 * while the table is unchanged — the design of the account cache (accounts/accountCache.ts) for a
 * table rather than a row. A kept form is valid while the table's KV version (`table:ver:<table>`)
 * is what it was before the rows were read:
 *  - `watchTable` puts hooks on the model that bump the version after the commit of every write
 *    through it (create, update, destroy, their bulk forms, upsert; at once outside a
 *    transaction). Call it in each composition root that can write the table (web, worker), with
 *    that process's KV: with REDIS_URL the version is shared, so a change made in one process is
 *    read by every process at its next use.
 *  - The version is read before the rows, so a write committed in between leaves a kept form the
 *    next use finds out of date.
 * A kept form lives at most KEPT_TABLE_TTL_MS (writes made outside the app: SQL by hand, a CLI
 * without the shared KV). When the KV cannot answer, the rows are read (nothing is kept then).
 * A model `watchTable` was not called for has no kept form (`keptTable` answers null): its reader
 * reads the rows itself, as before.
 */
import type { Model, ModelStatic, Transaction } from 'sequelize';
import type { KV } from '../kv/types';

export const KEPT_TABLE_TTL_MS = 30_000;

export interface KeptTable<T> {
  /** The table's kept form: read again when the table's version moved or the form is older than the TTL. */
  get(): Promise<T>;
}

interface Watch {
  kv: KV;
  key: string;
  now: () => number;
  onError: (error: unknown) => void;
  kept: Map<string, KeptTable<unknown>>;
}

type AnyModel = ModelStatic<Model>;
const watches = new WeakMap<AnyModel, Watch>();

/** The KV key of a table's version. */
export function tableVersionKey(table: string): string {
  return `table:ver:${table}`;
}

function tableOf(model: AnyModel): string {
  const name = model.getTableName();
  return typeof name === 'string' ? name : name.tableName;
}

/**
 * Bumps `model`'s table version after each write commits. Once per model (a second call keeps the
 * first's KV). A KV that cannot answer is only reported (`onError`): the write has committed, and
 * every kept form expires within KEPT_TABLE_TTL_MS.
 */
export function watchTable(model: AnyModel, kv: KV, options: { now?: () => number; onError?: (error: unknown) => void } = {}): void {
  if (watches.has(model)) return;
  const watch: Watch = { kv, key: tableVersionKey(tableOf(model)), now: options.now ?? Date.now, onError: options.onError ?? (() => undefined), kept: new Map() };
  watches.set(model, watch);
  const bump = (transaction: Transaction | null | undefined): Promise<void> | void => {
    const run = () => kv.incr(watch.key).then(() => undefined, watch.onError);
    if (transaction) {
      transaction.afterCommit(run);
      return;
    }
    return run();
  };
  for (const hook of ['afterCreate', 'afterUpdate', 'afterDestroy', 'afterUpsert'] as const) {
    model.addHook(hook, 'keptTable', (_row: unknown, hookOptions: { transaction?: Transaction | null }) => bump(hookOptions?.transaction));
  }
  for (const hook of ['afterBulkCreate', 'afterBulkUpdate', 'afterBulkDestroy'] as const) {
    model.addHook(hook, 'keptTable', (...args: unknown[]) => {
      // afterBulkCreate gets (instances, options), the others (options).
      const hookOptions = (hook === 'afterBulkCreate' ? args[1] : args[0]) as { transaction?: Transaction | null } | undefined;
      return bump(hookOptions?.transaction);
    });
  }
}

/**
 * The kept form `name` of `model`'s table, made by `load` from its rows; null when `watchTable`
 * was not called for the model in this process (the caller reads the rows itself then).
 */
export function keptTable<T>(model: AnyModel, name: string, load: () => Promise<T>): KeptTable<T> | null {
  const watch = watches.get(model);
  if (!watch) return null;
  const known = watch.kept.get(name);
  if (known) return known as KeptTable<T>;
  let entry: { value: T; version: string | null; expiresAt: number } | undefined;
  const table: KeptTable<T> = {
    async get() {
      let version: string | null;
      try {
        version = await watch.kv.get(watch.key);
      } catch (error) {
        watch.onError(error);
        entry = undefined;
        return load();
      }
      if (entry && entry.version === version && entry.expiresAt > watch.now()) return entry.value;
      const value = await load();
      entry = { value, version, expiresAt: watch.now() + KEPT_TABLE_TTL_MS };
      return value;
    },
  };
  watch.kept.set(name, table as KeptTable<unknown>);
  return table;
}
