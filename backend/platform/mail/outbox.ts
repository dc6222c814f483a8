/**
 * The database mail outbox (table `mail_outbox`, migration 0009; not the .eml directory of
 * ./fileTransport.ts): a mail is written in the transaction of the change it tells about
 * (`queueMail`), claimed by the process making the change. After the commit that process hands
 * it to its mail queue and returns (`deliverMails`): the request never waits for rendering or
 * SMTP. A mail not sent — SMTP refused it or was down, the process died before sending — stays in
 * the table and the worker's mail job sends it (`sweepMails`, ./outboxJob.ts): after a failure
 * with a growing delay until MAIL_MAX_ATTEMPTS, after a crash once the claim has lapsed; a final
 * refusal (SMTP 5xx, variables sealed under a key no longer configured) is given up at once — the
 * rules of platform/outbox/delivery.ts, shared with every outbox.
 *
 * The variables may carry secrets (links with raw tokens whose database copies are only hashes):
 * they are stored sealed with secretBox, bound to the row's recipient and template, and erased
 * once the mail is sent or given up.
 */
import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import { openWithAny, seal } from '../security/secretBox';
import {
  attemptDelivery,
  contextOutboxTable,
  enqueueMail,
  MAIL_LOCK_MS,
  MAIL_SWEEP_BATCH,
  PermanentMailError,
  sweepOutbox,
  type MailAttempt,
  type OutboxTable,
} from '../outbox/delivery';
import type { Mailer, MailMessage, MailVars } from './index';
import { initOutboxMail, type OutboxMail } from './outboxModel';

export { OutboxMail } from './outboxModel';

/** What the outbox works with: the database, the mailer, the keys sealing the variables. */
export interface OutboxContext {
  sequelize: Sequelize;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  /** Seal with [0], open with any (secretBox key rotation). */
  secretKeys: readonly string[];
  now: () => Date;
}

/** The additional authenticated data of a row's sealed variables: they open on that row's recipient and template only. */
function varsContext(mail: Pick<MailMessage, 'to' | 'template'>): string {
  return `mail_outbox:${mail.template}:${mail.to}`;
}

/** Inside the change's transaction: writes the mail (variables sealed), claimed by this process for the send after the commit. */
export function queueMail(ctx: OutboxContext, transaction: Transaction, message: MailMessage): Promise<OutboxMail> {
  const now = ctx.now();
  return initOutboxMail(ctx.sequelize).create(
    {
      to: message.to,
      lang: message.lang,
      template: message.template,
      varsSealed: seal(JSON.stringify(message.vars), ctx.secretKeys[0]!, { context: varsContext(message) }),
      nextAttemptAt: now,
      lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS),
    },
    { transaction },
  );
}

/** The `mail_outbox` table as platform/outbox/delivery.ts works on it, one object per context (the drain groups the mails it leaves by it). */
function outboxTable(ctx: OutboxContext): OutboxTable {
  return contextOutboxTable(ctx, initOutboxMail(ctx.sequelize), {
    label: 'email',
    describe: (mail) => ({ template: (mail as OutboxMail).template }),
    whenDone: { varsSealed: null },
  });
}

/** After the commit: sends the mails this process wrote and claimed, in its queue; returns at once. */
export function deliverMails(ctx: OutboxContext, mails: readonly OutboxMail[]): void {
  for (const mail of mails) enqueueMail(ctx.mailer, outboxTable(ctx), mail.id, () => attemptMail(ctx, mail, true));
}

/** The variables of a row, opened; a row whose variables cannot be opened is given up (no retry will open them). */
function openVars(ctx: OutboxContext, mail: OutboxMail): MailVars {
  if (mail.varsSealed === null) throw new PermanentMailError('the mail has no variables');
  try {
    return JSON.parse(openWithAny(mail.varsSealed, ctx.secretKeys, { context: varsContext(mail) }).plaintext) as MailVars;
  } catch (error) {
    throw new PermanentMailError(`the mail's variables cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** One attempt at one mail (`wroteIt`: this process wrote it and holds its claim). */
export function attemptMail(ctx: OutboxContext, mail: OutboxMail, wroteIt: boolean): Promise<MailAttempt> {
  return attemptDelivery(outboxTable(ctx), mail, wroteIt, () =>
    ctx.mailer.send({ to: mail.to, lang: mail.lang, template: mail.template, vars: openVars(ctx, mail) }),
  );
}

/**
 * The worker's pass: the mails due now (not sent, not given up, their retry time reached and no
 * live claim), oldest first, at most `limit`, each attempted in turn. Returns how each went.
 */
export function sweepMails(ctx: OutboxContext, limit = MAIL_SWEEP_BATCH): Promise<Record<MailAttempt, number>> {
  return sweepOutbox(initOutboxMail(ctx.sequelize), ctx.now(), limit, (mail) => attemptMail(ctx, mail, false));
}

