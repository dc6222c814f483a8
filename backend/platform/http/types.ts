import type { Middleware, ParameterizedContext } from 'koa';
import type { Lang } from '../../../common/api';
import type { Translate } from '../i18n';
import type { Logger } from '../logger';

/** What the app's middlewares put on `ctx.state` for everything downstream. */
export interface AppState {
  /** Random id of this request, echoed in `X-Request-Id` and in every log line. */
  requestId: string;
  /** The logger bound to this request. */
  log: Logger;
  lang: Lang;
  t: Translate;
  /** The input validated by `validate(schema)`. */
  input?: unknown;
}

export type AppContext = ParameterizedContext<AppState>;
export type AppMiddleware = Middleware<AppState>;
