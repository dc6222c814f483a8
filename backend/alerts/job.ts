/**
 * The alert job of the active worker: every ALERT_TICK_MS it sends the staff alerts that are due
 * (./outbox.ts, `sweepAlerts`). Not started when alerts are off.
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { Logger } from '../platform/logger';
import { startLoop } from '../platform/loop';
import { sweepAlerts } from './outbox';

export const ALERT_TICK_MS = 2000;

export interface AlertJobOptions {
  /** The pass interval; defaults to ALERT_TICK_MS. */
  tickMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface AlertJob {
  /** Stops ticking and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** Null when TELEGRAM_BOT_TOKEN / TELEGRAM_CHAT_ID are unset. */
export function startAlertJob(deps: { sequelize: Sequelize; config: Pick<Config, 'alerts'>; logger: Logger; options?: AlertJobOptions }): AlertJob | null {
  const telegram = deps.config.alerts.telegram;
  if (telegram === null) return null;
  const logger = deps.logger.child({ job: 'alerts' });
  const ctx = { sequelize: deps.sequelize, telegram, logger, now: deps.options?.now ?? (() => new Date()) };
  const loop = startLoop(
    deps.options?.tickMs ?? ALERT_TICK_MS,
    async () => {
      const alerts = await sweepAlerts(ctx);
      if (alerts.sent + alerts.retry + alerts.failed > 0) logger.info(alerts, 'telegram alerts sent');
    },
    (error) => logger.warn({ err: error }, 'alert pass failed'),
  );
  logger.info('alert job started');
  return { stop: () => loop.stop().then(() => logger.info('alert job stopped')) };
}
