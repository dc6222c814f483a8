import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { ServerI18n } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail';
import type { OutboxContext } from '../platform/mail/outbox';
import { appSecretKeys } from '../platform/security/secretBox';
import { initModels, type Models } from '../models';

/** What the contacts' commands work with; it is also the context of their mails. */
export interface ContactsContext extends OutboxContext {
  models: Pick<Models, 'ContactMessage' | 'AuditRecord'>;
  /** SUPPORT_EMAIL: where a new message is mailed; null: stored only. */
  supportEmail: string | null;
  /** The language of the mail to support (ALERT_LANG: the staff's language). */
  staffLang: 'ru' | 'en';
  i18n: Pick<ServerI18n, 'translator'>;
}

export function createContactsContext(deps: {
  sequelize: Sequelize;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  i18n: Pick<ServerI18n, 'translator'>;
  config: Pick<Config, 'sessionKeys' | 'supportEmail' | 'alerts'>;
  now?: () => Date;
}): ContactsContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    mailer: deps.mailer,
    logger: deps.logger.child({ module: 'contacts' }),
    secretKeys: appSecretKeys(deps.config),
    supportEmail: deps.config.supportEmail,
    staffLang: deps.config.alerts.lang,
    i18n: deps.i18n,
    now: deps.now ?? (() => new Date()),
  };
}
