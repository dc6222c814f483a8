import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import { redactSecrets } from '../redact';
import type { AppContext, AppMiddleware } from './types';

/**
 * Gives the request an id (`X-Request-Id`) and a child logger, and logs one line when the
 * response is done, with status and duration. Must run first so it sees the final status.
 * The path is logged with its capability secrets replaced (platform/redact.ts); the query never is.
 */
export function requestLogger(logger: Logger): AppMiddleware {
  return async function requestLoggerMiddleware(ctx: AppContext, next) {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: redactSecrets(ctx.path), status: ctx.status, durationMs: Math.round(durationMs * 10) / 10 },
        'request',
      );
    }
  };
}
