/**
 * The alert job of the active worker: every ALERT_TICK_MS it sends the staff alerts that are due
 * (./outbox.ts, `sweepAlerts`). Not started when alerts are off.
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { Logger } from '../platform/logger';
import { startOutboxJob, type OutboxJob, type OutboxJobOptions } from '../platform/outbox/job';
import { sweepAlerts } from './outbox';

export const ALERT_TICK_MS = 2000;

/** `tickMs` defaults to ALERT_TICK_MS. */
export type AlertJobOptions = OutboxJobOptions;
export type AlertJob = OutboxJob;

/** Null when TELEGRAM_BOT_TOKEN / TELEGRAM_CHAT_ID are unset. */
export function startAlertJob(deps: { sequelize: Sequelize; config: Pick<Config, 'alerts'>; logger: Logger; options?: AlertJobOptions }): AlertJob | null {
  const telegram = deps.config.alerts.telegram;
  if (telegram === null) return null;
  return startOutboxJob({
    name: 'alert',
    logAs: 'alerts',
    logger: deps.logger,
    tickMs: ALERT_TICK_MS,
    options: deps.options,
    sweeper: (job) => {
      const ctx = { ...job, sequelize: deps.sequelize, telegram };
      return () => sweepAlerts(ctx);
    },
    sentMessage: 'telegram alerts sent',
    failedMessage: 'alert pass failed',
  });
}
