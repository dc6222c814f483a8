/**
 * The mail job of the active worker: every MAIL_OUTBOX_TICK_MS it sends the mails of the database
 * outbox that are due again — not sent after a failure, or left by a process that died before
 * sending them (./outbox.ts, `sweepMails`).
 */
import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import { startOutboxJob, type OutboxJob, type OutboxJobOptions } from '../outbox/job';
import type { Mailer } from './index';
import { sweepMails } from './outbox';

export const MAIL_OUTBOX_TICK_MS = 2000;

/** `tickMs` defaults to MAIL_OUTBOX_TICK_MS. */
export type MailOutboxJobOptions = OutboxJobOptions;
export type MailOutboxJob = OutboxJob;

export function startMailOutboxJob(deps: {
  sequelize: Sequelize;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  secretKeys: readonly string[];
  options?: MailOutboxJobOptions;
}): MailOutboxJob {
  return startOutboxJob({
    name: 'mail',
    logAs: 'mail',
    logger: deps.logger,
    tickMs: MAIL_OUTBOX_TICK_MS,
    options: deps.options,
    sweeper: (job) => {
      const ctx = { ...job, sequelize: deps.sequelize, mailer: deps.mailer, secretKeys: deps.secretKeys };
      return () => sweepMails(ctx);
    },
    sentMessage: 'mails sent again',
    failedMessage: 'mail outbox pass failed',
  });
}
