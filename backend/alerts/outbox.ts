/**
 * The staff alerts' outbox (table `alert_outbox`, migration 0015). `enqueueAlert` writes an alert
 * in the transaction of the change it tells about, its text final; nothing is sent by the process
 * making the change — the worker's alert job (./job.ts, `sweepAlerts`) sends what is due to the
 * Telegram chat (./telegram.ts) with the claim, retry and give-up rules every outbox shares
 * (platform/outbox/delivery.ts): a 429 waits its retry_after, another 4xx is given up at once, a 5xx
 * or a network error is retried with a growing delay until MAIL_MAX_ATTEMPTS.
 *
 * Without TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID no alert is written at all.
 */
import type { Sequelize, Transaction } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { ServerI18n, Translate } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import { attemptDelivery, contextOutboxTable, MAIL_SWEEP_BATCH, sweepOutbox, type MailAttempt, type OutboxTable } from '../platform/outbox/delivery';
import { initAlertOutbox, type AlertOutbox } from './model';
import { sendTelegramMessage, type TelegramTarget } from './telegram';
import { alertText, type Alert } from './texts';

export { AlertOutbox } from './model';

/** What writing an alert needs: built once per process (`createAlerts`). */
export interface Alerts {
  sequelize: Sequelize;
  /** Null: alerts are off (no token or chat). */
  telegram: TelegramTarget | null;
  t: Translate;
  publicUrl: string;
  now: () => Date;
}

export function createAlerts(deps: {
  sequelize: Sequelize;
  config: Pick<Config, 'alerts' | 'publicUrl'>;
  i18n: ServerI18n;
  now?: () => Date;
}): Alerts {
  return {
    sequelize: deps.sequelize,
    telegram: deps.config.alerts.telegram,
    t: deps.i18n.translator(deps.config.alerts.lang),
    publicUrl: deps.config.publicUrl,
    now: deps.now ?? (() => new Date()),
  };
}

/**
 * Inside the change's transaction: writes the alert (sent later by the worker's alert job).
 * Returns null, writing nothing, when alerts are off. Runtime maintenance calls it too:
 * `enqueueAlert(alerts, transaction, { kind: 'maintenance', enabled, actor: user.email })`.
 */
export async function enqueueAlert(alerts: Alerts, transaction: Transaction, alert: Alert): Promise<AlertOutbox | null> {
  if (alerts.telegram === null) return null;
  return initAlertOutbox(alerts.sequelize).create(
    { kind: alert.kind, text: alertText(alerts.t, alert, alerts.publicUrl), nextAttemptAt: alerts.now(), lockedUntil: null },
    { transaction },
  );
}

/** What the alert job works with. */
export interface AlertSendContext {
  sequelize: Sequelize;
  telegram: TelegramTarget;
  logger: Logger;
  now: () => Date;
}

function alertTable(ctx: AlertSendContext): OutboxTable {
  return contextOutboxTable(ctx, initAlertOutbox(ctx.sequelize), { label: 'telegram alert', describe: (row) => ({ kind: (row as AlertOutbox).kind }) });
}

/** One attempt at one alert, claimed here (a process that got it first wins: 'taken'). */
export function attemptAlert(ctx: AlertSendContext, alert: AlertOutbox): Promise<MailAttempt> {
  return attemptDelivery(alertTable(ctx), alert, false, () => sendTelegramMessage(ctx.telegram, alert.text));
}

/** The job's pass: the alerts due now, oldest first, at most `limit`, sent in turn. */
export function sweepAlerts(ctx: AlertSendContext, limit = MAIL_SWEEP_BATCH): Promise<Record<MailAttempt, number>> {
  // Telegram asked to wait ('retry'): the rest of this pass would be refused too.
  return sweepOutbox(initAlertOutbox(ctx.sequelize), ctx.now(), limit, (alert) => attemptAlert(ctx, alert), (outcome) => outcome === 'retry');
}
