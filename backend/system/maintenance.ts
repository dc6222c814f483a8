/**
 * Technical maintenance at run time. On: the site shows its notice (PublicConfig.maintenance and
 * the `maintenance:changed` socket event, so open pages switch without a reload), new orders are
 * refused (503 maintenance), the monitoring exports answer 503; orders already made go on
 * (customers' and operators' actions). MAINTENANCE=1 forces it on from start-up whatever is stored.
 *
 * Stored in `settings` (key `maintenance`, `{"enabled":bool}`), switched by admins
 * (PUT /api/admin/maintenance, audited `maintenance.switch`). Every process reads it through a
 * short cache (MAINTENANCE_CACHE_MS) and drops that cache when the KV channel
 * `maintenance:changed` (MAINTENANCE_CHANNEL) says it was switched — by any process.
 *
 * The hook point for others (alerts): `subscribeMaintenanceChanges(kv, logger, fn)` hears every
 * switch once per subscriber, whichever process made it (subscribe in the worker to alert once per
 * deployment); `maintenance.onMaintenanceChanged(fn)` hears, in one web process, each change of
 * what that process enforces.
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';
import { writeTransaction } from '../platform/db/transaction';
import type { MaintenanceState } from '../../common/api';
import { recordAudit, type AuditActor } from '../audit/record';
import { enqueueAlert, type Alerts } from '../alerts';
import { initModels } from '../models';

export const MAINTENANCE_CHANNEL = 'maintenance:changed';
export const MAINTENANCE_SETTING = 'maintenance';
/** How long a process trusts what it read when no switch message came. */
export const MAINTENANCE_CACHE_MS = 2000;

/** What goes over MAINTENANCE_CHANNEL. */
export interface MaintenanceChangeMessage {
  enabled: boolean;
  at: string;
  actor: { id: number; email: string } | null;
}

export interface Maintenance {
  /** Whether maintenance is on now in this process (forced or stored). */
  isOn(): Promise<boolean>;
  state(): Promise<MaintenanceState>;
  /** Stores the switch (audited) and tells every process; returns the state after it. */
  set(enabled: boolean, who: { actor: AuditActor; ip: string | null }): Promise<MaintenanceState>;
  /** Calls `listener` when what this process enforces changes; returns the remover. */
  onMaintenanceChanged(listener: (state: MaintenanceState) => void): () => void;
  close(): Promise<void>;
}

export function subscribeMaintenanceChanges(kv: KV, logger: Logger, onChange: (message: MaintenanceChangeMessage) => void): () => Promise<void> {
  return subscribeWithRetry(
    kv,
    MAINTENANCE_CHANNEL,
    (raw) => {
      try {
        onChange(JSON.parse(raw) as MaintenanceChangeMessage);
      } catch (error) {
        logger.warn({ err: error }, 'unreadable maintenance message');
      }
    },
    { logger },
  );
}

function parseStored(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    return (JSON.parse(value) as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

export function createMaintenance(deps: {
  config: Pick<Config, 'maintenance'>;
  kv: KV;
  sequelize: Sequelize;
  logger: Logger;
  cacheMs?: number;
  /** Staff alerts: a switch is told to the Telegram chat, written in the switch's transaction. */
  alerts?: Alerts;
}): Maintenance {
  const { Setting, AuditRecord } = initModels(deps.sequelize);
  const forced = deps.config.maintenance;
  const cacheMs = deps.cacheMs ?? MAINTENANCE_CACHE_MS;
  let stored: { enabled: boolean; at: number } | null = null;
  let reading: Promise<boolean> | null = null;
  let lastEnforced: boolean | null = null;
  const listeners = new Set<(state: MaintenanceState) => void>();

  async function readStored(): Promise<boolean> {
    if (stored && Date.now() - stored.at < cacheMs) return stored.enabled;
    reading ??= (async () => {
      try {
        const row = await Setting.findByPk(MAINTENANCE_SETTING);
        const enabled = parseStored(row?.value);
        stored = { enabled, at: Date.now() };
        return enabled;
      } catch (error) {
        deps.logger.warn({ err: error }, 'maintenance setting unreadable; keeping the last known state');
        return stored?.enabled ?? false;
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  async function state(): Promise<MaintenanceState> {
    const enabledStored = await readStored();
    return { enabled: forced || enabledStored, forced, stored: enabledStored };
  }

  async function refreshAndNotify(): Promise<void> {
    stored = null;
    const now = await state();
    if (lastEnforced === now.enabled) return;
    lastEnforced = now.enabled;
    for (const listener of listeners) {
      try {
        listener(now);
      } catch (error) {
        deps.logger.warn({ err: error }, 'maintenance listener failed');
      }
    }
  }

  void state().then((now) => {
    lastEnforced ??= now.enabled;
  });
  const unsubscribe = subscribeMaintenanceChanges(deps.kv, deps.logger, () => void refreshAndNotify());
  const stopResubscribed = deps.kv.onResubscribed(() => void refreshAndNotify());

  return {
    async isOn() {
      return forced || (await readStored());
    },
    state,
    async set(enabled, who) {
      await writeTransaction(deps.sequelize, async (transaction) => {
        const row = await Setting.findByPk(MAINTENANCE_SETTING, { transaction });
        const was = parseStored(row?.value);
        await Setting.upsert({ key: MAINTENANCE_SETTING, value: JSON.stringify({ enabled }) }, { transaction });
        await recordAudit({ AuditRecord }, transaction, {
          actor: who.actor,
          ip: who.ip,
          action: 'maintenance.switch',
          target: { type: 'setting', id: MAINTENANCE_SETTING },
          before: { enabled: was },
          after: { enabled },
        });
        if (deps.alerts && was !== enabled) await enqueueAlert(deps.alerts, transaction, { kind: 'maintenance', enabled, actor: who.actor.email });
      });
      stored = { enabled, at: Date.now() };
      const message: MaintenanceChangeMessage = { enabled, at: new Date().toISOString(), actor: { id: who.actor.id, email: who.actor.email } };
      await deps.kv.publish(MAINTENANCE_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        // The other processes see it within MAINTENANCE_CACHE_MS all the same.
        deps.logger.warn({ err: error }, 'maintenance switch not published');
      });
      await refreshAndNotify();
      return state();
    },
    onMaintenanceChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      stopResubscribed();
      await unsubscribe();
    },
  };
}
