/** Test support: a bare Koa app with the error envelope and one rate-limited route. */
import Koa from 'koa';
import { createServerI18n } from '../../i18n';
import { createLogger } from '../../logger';
import { errorHandler } from '../../http/errorHandler';
import { lang } from '../../http/lang';
import type { AppState } from '../../http/types';
import { clientIp, type RateLimits } from '../rateLimit';

const logger = createLogger({ logLevel: 'silent', role: 'all' });
const i18n = createServerI18n();

/** `GET /` answers `{ ip }`, limited to `points` per IP per hour under the limit `name`. */
export function limitedApp(limits: RateLimits, options: { name: string; points: number; proxy: boolean; maxIpsCount?: number }): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: options.proxy, maxIpsCount: options.maxIpsCount ?? 0 });
  app.silent = true;
  app.use(async (ctx, next) => {
    ctx.state.log = logger;
    await next();
  });
  app.use(lang(i18n));
  app.use(errorHandler());
  app.use(limits.rateLimit({ name: options.name, points: options.points, durationSec: 3600, key: (ctx) => clientIp(ctx) }));
  app.use((ctx) => {
    ctx.body = { ip: clientIp(ctx) };
  });
  return app;
}
