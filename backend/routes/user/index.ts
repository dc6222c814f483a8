import type Router from '@koa/router';
import type { Sequelize } from 'sequelize';
import { createAccountsContext } from '../../accounts/context';
import type { Config } from '../../config/types';
import type { KV } from '../../lib/kv/types';
import type { RateLimits } from '../../security/rateLimit';
import type { Logger } from '../../lib/logger';
import { createMailer } from '../../mail';
import type { AppState } from '../../middlewares/types';
import { createCaptchaVerifier } from '../../security/captcha';
import { authRoutes } from './auth';
import { createAccountLimits } from './limits';
import { profileRoutes } from './profile';

/** The accounts' routers (auth and profile), built on the app's database, KV, mail and captcha. */
export function accountRoutes(deps: {
  config: Config;
  logger: Logger;
  kv: KV;
  db: { sequelize: Sequelize };
  rateLimits: RateLimits;
}): Router<AppState>[] {
  const accounts = createAccountsContext({
    sequelize: deps.db.sequelize,
    kv: deps.kv,
    mailer: createMailer(deps.config, deps.logger),
    logger: deps.logger,
    config: deps.config,
  });
  const captcha = createCaptchaVerifier(deps.config, { logger: deps.logger });
  const limits = createAccountLimits(deps.rateLimits);
  return [authRoutes({ accounts, captcha, limits }), profileRoutes({ accounts, limits })];
}
