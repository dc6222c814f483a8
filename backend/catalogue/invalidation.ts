/**
 * How a catalogue change reaches every process without a restart. The command that changes the
 * catalogue publishes on CATALOGUE_CHANGED_CHANNEL after its commit; every web process listens
 * (server.ts: watchCatalogueChanges) and drops its per-process copies — the GET /api/catalogue
 * cache and the orders' direction cache register here per database — and the rates worker
 * re-reads the catalogue on its next tick (rates/job.ts), whose snapshot then carries the
 * change to the widget (rates:update), new orders (their rate and limits) and the exports.
 */
import type { Sequelize } from 'sequelize';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { CATALOGUE_CHANGED_CHANNEL, catalogueChangeScope, type CatalogueChangeScope } from '../rates/catalogueChanged';

type Drop = (scope: CatalogueChangeScope) => void;

const listeners = new WeakMap<Sequelize, Set<Drop>>();

/**
 * Calls `drop` whenever the catalogue of `sequelize`'s database changes, with what changed (a
 * copy that holds no reserve may ignore 'reserves'); returns the removal.
 */
export function onCatalogueInvalidated(sequelize: Sequelize, drop: Drop): () => void {
  let set = listeners.get(sequelize);
  if (!set) {
    set = new Set();
    listeners.set(sequelize, set);
  }
  set.add(drop);
  return () => set.delete(drop);
}

/** Drops this process's copies of the catalogue of `sequelize`'s database (of its reserves only: 'reserves'). */
export function invalidateCatalogue(sequelize: Sequelize, scope: CatalogueChangeScope = 'all'): void {
  for (const drop of listeners.get(sequelize) ?? []) drop(scope);
}

/** After a committed change: this process at once, every other process and the worker through the KV. */
export async function announceCatalogueChange(deps: { sequelize: Sequelize; kv: KV; logger?: Logger }, detail: Record<string, unknown>): Promise<void> {
  const message = JSON.stringify(detail);
  invalidateCatalogue(deps.sequelize, catalogueChangeScope(message));
  await deps.kv.publish(CATALOGUE_CHANGED_CHANNEL, message).catch((error: unknown) => {
    deps.logger?.warn({ err: error }, 'cannot announce a catalogue change; other processes see it within their cache lifetimes');
  });
}

/** Every catalogue change announced anywhere drops this process's copies; returns the unsubscribe. */
export async function watchCatalogueChanges(deps: { sequelize: Sequelize; kv: KV; logger: Logger }): Promise<() => Promise<void>> {
  const unsubscribe = await deps.kv
    .subscribe(CATALOGUE_CHANGED_CHANNEL, (message) => invalidateCatalogue(deps.sequelize, catalogueChangeScope(message)))
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'cannot listen for catalogue changes; caches expire on their own');
      return null;
    });
  return async () => {
    await unsubscribe?.();
  };
}
