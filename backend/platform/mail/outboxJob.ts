/**
 * The mail job of the active worker: every MAIL_OUTBOX_TICK_MS it sends the mails of the database
 * outbox that are due again — not sent after a failure, or left by a process that died before
 * sending them (./outbox.ts, `sweepMails`).
 */
import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import { startLoop } from '../loop';
import type { Mailer } from './index';
import { sweepMails } from './outbox';

export const MAIL_OUTBOX_TICK_MS = 2000;

export interface MailOutboxJobOptions {
  /** The pass interval; defaults to MAIL_OUTBOX_TICK_MS. */
  tickMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface MailOutboxJob {
  /** Stops ticking and waits for a pass in progress. */
  stop(): Promise<void>;
}

export function startMailOutboxJob(deps: {
  sequelize: Sequelize;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  secretKeys: readonly string[];
  options?: MailOutboxJobOptions;
}): MailOutboxJob {
  const logger = deps.logger.child({ job: 'mail' });
  const ctx = { sequelize: deps.sequelize, mailer: deps.mailer, logger, secretKeys: deps.secretKeys, now: deps.options?.now ?? (() => new Date()) };
  const loop = startLoop(
    deps.options?.tickMs ?? MAIL_OUTBOX_TICK_MS,
    async () => {
      const mails = await sweepMails(ctx);
      if (mails.sent + mails.retry + mails.failed > 0) logger.info(mails, 'mails sent again');
    },
    (error) => logger.warn({ err: error }, 'mail outbox pass failed'),
  );
  logger.info('mail job started');
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= loop.stop().then(() => logger.info('mail job stopped'));
      return stopping;
    },
  };
}
