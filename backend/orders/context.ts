/**
 * Everything the order commands work with, built once per app (and once per worker) from the
 * process's services (backend/services.ts).
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { ServerI18n } from '../platform/i18n';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail';
import { initModels, type Models } from '../models';
import type { RatesView } from '../rates/store';
import { appSecretKeys } from '../platform/security/secretBox';
import { createAlerts, type Alerts } from '../alerts';
import { createWebhooks, type Webhooks } from '../partnerApi/webhooks';

export interface OrdersContext {
  sequelize: Sequelize;
  models: Models;
  kv: KV;
  mailer: Pick<Mailer, 'send'>;
  i18n: ServerI18n;
  logger: Logger;
  /** The live rates (web processes: the RatesStore; never a provider). */
  rates: RatesView;
  /** PUBLIC_URL, for the order links in emails. */
  publicUrl: string;
  /** Seal order secrets with [0], open with any (security/secretBox). */
  secretKeys: readonly string[];
  uploadDir: string;
  /** Staff alerts (Telegram), written in the transactions of the changes they tell about. */
  alerts: Alerts;
  /** The partner API's webhooks, written in the transactions of the status changes of API orders. */
  webhooks: Webhooks;
  /** The clock (tests pass a fixed one). */
  now: () => Date;
}

export function createOrdersContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  logger: Logger;
  rates: RatesView;
  config: Pick<Config, 'publicUrl' | 'sessionKeys' | 'uploadDir' | 'alerts' | 'webhooksAllowPrivate'>;
  i18n: ServerI18n;
  mailer: Pick<Mailer, 'send'>;
  now?: () => Date;
}): OrdersContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    kv: deps.kv,
    mailer: deps.mailer,
    i18n: deps.i18n,
    logger: deps.logger.child({ module: 'orders' }),
    rates: deps.rates,
    publicUrl: deps.config.publicUrl,
    secretKeys: appSecretKeys(deps.config),
    uploadDir: deps.config.uploadDir,
    alerts: createAlerts({ sequelize: deps.sequelize, config: deps.config, i18n: deps.i18n, now: deps.now }),
    webhooks: createWebhooks({ sequelize: deps.sequelize, config: deps.config, logger: deps.logger.child({ module: 'webhooks' }), now: deps.now }),
    now: deps.now ?? (() => new Date()),
  };
}
