import type { Sequelize, Transaction } from 'sequelize';
import type { Config } from '../platform/config/types';
import { writeTransaction } from '../platform/db/transaction';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail';
import { deliverMails, queueMail, type OutboxContext, type OutboxMail } from '../platform/mail/outbox';
import { appSecretKeys } from '../platform/security/secretBox';
import { initModels, type Models, type User } from '../models';

/** The templates the accounts send (platform/mail/templates.ts). */
export type AccountMailTemplate =
  | 'activation'
  | 'passwordReset'
  | 'registeredAgain'
  | 'passwordChanged'
  | 'signInAlert'
  | 'kycSubmitted'
  | 'kycApproved'
  | 'kycRejected'
  | 'kycRefusedFinal';

/** What the accounts need of the mailer (platform/mail `createMailer`): the outbox sends through it. */
export type AccountMailer = Pick<Mailer, 'send'>;

/** Everything the account commands work with, built once per app; it is also the context of their mail outbox. */
export interface AccountsContext extends OutboxContext {
  sequelize: Sequelize;
  models: Models;
  kv: KV;
  mailer: AccountMailer;
  logger: Logger;
  /** PUBLIC_URL, for links in emails. */
  publicUrl: string;
  /** Keys sealing TOTP secrets and the outbox's mail variables at rest (security/secretBox): seal with [0], open with any. */
  secretKeys: readonly string[];
  now: () => Date;
}

export function createAccountsContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  mailer: AccountMailer;
  logger: Logger;
  config: Pick<Config, 'publicUrl' | 'sessionKeys'>;
}): AccountsContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    kv: deps.kv,
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.config.publicUrl,
    secretKeys: appSecretKeys(deps.config),
    now: () => new Date(),
  };
}

/** One account write in progress: its transaction, and its mails (queued in it, sent after its commit). */
export interface AccountWrite {
  transaction: Transaction;
  /** Queues one account email in the user's language, written in this write's transaction. */
  mail(user: Pick<User, 'email' | 'lang' | 'firstName'>, template: AccountMailTemplate, vars?: Record<string, string>): Promise<void>;
}

/**
 * Runs one account command's writes in writeTransaction (the one transaction helper: on SQLite
 * the writer queue). Every query of `work` passes `write.transaction`; its mails go to the database
 * outbox in the same transaction and are handed to the mail queue after the commit, so the request
 * never waits for SMTP and a mail SMTP could not take is retried by the worker. A write that fails
 * leaves neither its changes nor its mails. Session endings and other announcements come after it returns.
 */
export async function writeAccount<T>(ctx: AccountsContext, work: (write: AccountWrite) => Promise<T>): Promise<T> {
  const mails: OutboxMail[] = [];
  const result = await writeTransaction(ctx.sequelize, (transaction) =>
    work({
      transaction,
      async mail(user, template, vars = {}) {
        mails.push(await queueMail(ctx, transaction, { to: user.email, lang: user.lang, template, vars: { name: user.firstName ?? '', ...vars } }));
      },
    }),
  );
  deliverMails(ctx, mails);
  return result;
}

/** Lower-cased, trimmed: the one form emails are stored and looked up in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
