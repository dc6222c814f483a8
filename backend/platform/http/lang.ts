import { resolveLang, type ServerI18n } from '../i18n';
import type { AppContext, AppMiddleware } from './types';

/** Picks the request's language (`lang` header, `?lang=`, `lang` cookie, Russian) and its translator. */
export function lang(i18n: ServerI18n): AppMiddleware {
  return async function langMiddleware(ctx: AppContext, next) {
    ctx.state.lang = resolveLang(ctx);
    ctx.state.t = i18n.translator(ctx.state.lang);
    ctx.vary('lang');
    await next();
  };
}
