/** Everything the withdrawal commands work with, built once per app; it is also the context of their mails. */
import type { Sequelize } from 'sequelize';
import type { Config } from '../../platform/config/types';
import type { KV } from '../../platform/kv/types';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail';
import type { OutboxContext } from '../../platform/mail/outbox';
import { appSecretKeys } from '../../platform/security/secretBox';
import type { RatesView } from '../../rates/store';
import { initModels, type Models } from '../../models';

export interface WithdrawalsContext extends OutboxContext {
  sequelize: Sequelize;
  models: Models;
  kv: KV;
  rates: RatesView;
  /** Seal card numbers with [0], open and look up with any (key rotation). */
  secretKeys: readonly string[];
  now: () => Date;
}

export function createWithdrawalsContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  rates: RatesView;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  config: Pick<Config, 'sessionKeys'>;
  now?: () => Date;
}): WithdrawalsContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    kv: deps.kv,
    rates: deps.rates,
    mailer: deps.mailer,
    logger: deps.logger.child({ module: 'withdrawals' }),
    secretKeys: appSecretKeys(deps.config),
    now: deps.now ?? (() => new Date()),
  };
}
