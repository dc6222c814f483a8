import type { Sequelize } from 'sequelize';
import type { Lang } from '../../common/api';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { appSecretKeys } from '../platform/security/secretBox';
import { initModels, type Models, type User } from '../models';

/** The templates the accounts send (backend/mail). */
export type AccountMailTemplate = 'activation' | 'passwordReset' | 'registeredAgain' | 'passwordChanged' | 'signInAlert';

/** What the accounts need of the mailer (backend/mail `createMailer`). */
export interface AccountMailer {
  send(message: { to: string; lang: Lang; template: AccountMailTemplate; vars: Record<string, string> }): Promise<unknown>;
}

/** Everything the account commands work with, built once per app. */
export interface AccountsContext {
  sequelize: Sequelize;
  models: Models;
  kv: KV;
  mailer: AccountMailer;
  logger: Logger;
  /** PUBLIC_URL, for links in emails. */
  publicUrl: string;
  /** Keys sealing TOTP secrets at rest (security/secretBox): seal with [0], open with any. */
  secretKeys: readonly string[];
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
  };
}

/** Sends one account email in the user's language; a failure is logged, never thrown. */
export async function sendAccountMail(
  ctx: AccountsContext,
  user: Pick<User, 'id' | 'email' | 'lang' | 'firstName'>,
  template: AccountMailTemplate,
  vars: Record<string, string> = {},
): Promise<void> {
  try {
    await ctx.mailer.send({ to: user.email, lang: user.lang, template, vars: { name: user.firstName ?? '', ...vars } });
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id, template }, 'account email not sent');
  }
}

/** Lower-cased, trimmed: the one form emails are stored and looked up in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
