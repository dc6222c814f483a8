/** Everything the requisite commands work with, built once per app; it is also the context of their mails. */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail';
import type { OutboxContext } from '../platform/mail/outbox';
import { appSecretKeys } from '../platform/security/secretBox';
import { initModels, type Models } from '../models';

export interface RequisitesContext extends OutboxContext {
  sequelize: Sequelize;
  models: Models;
  kv: KV;
  /** Seal numbers and hash them with [0]; open and look up with any (key rotation). */
  secretKeys: readonly string[];
  uploadDir: string;
  publicUrl: string;
  now: () => Date;
}

export function createRequisitesContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  config: Pick<Config, 'publicUrl' | 'sessionKeys' | 'uploadDir'>;
  now?: () => Date;
}): RequisitesContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    kv: deps.kv,
    mailer: deps.mailer,
    logger: deps.logger.child({ module: 'requisites' }),
    secretKeys: appSecretKeys(deps.config),
    uploadDir: deps.config.uploadDir,
    publicUrl: deps.config.publicUrl,
    now: deps.now ?? (() => new Date()),
  };
}
