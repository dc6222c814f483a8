import type Router from '@koa/router';
import type { Sequelize } from 'sequelize';
import { createAccountsContext } from './context';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { RateLimits } from '../platform/security/rateLimit';
import type { Logger } from '../platform/logger';
import type { AppState } from '../platform/http/types';
import type { Services } from '../services';
import { authRoutes } from './authRoutes';
import { createAccountLimits } from './limits';
import { profileRoutes } from './profileRoutes';

/** The accounts' routers (auth and profile), built on the app's database, KV and services (mail, captcha). */
export function accountRoutes(deps: {
  config: Config;
  logger: Logger;
  kv: KV;
  db: { sequelize: Sequelize };
  rateLimits: RateLimits;
  services: Pick<Services, 'mailer' | 'captcha'>;
}): Router<AppState>[] {
  const accounts = createAccountsContext({
    sequelize: deps.db.sequelize,
    kv: deps.kv,
    mailer: deps.services.mailer,
    logger: deps.logger,
    config: deps.config,
  });
  const limits = createAccountLimits(deps.rateLimits);
  return [authRoutes({ accounts, captcha: deps.services.captcha, limits }), profileRoutes({ accounts, limits })];
}
