import { ErrorCode, type ApiFailure } from '../../common/api';
import type { AppMiddleware } from './types';

/** Whether this process has begun to shut down (server.ts sets it on SIGTERM). */
export interface Intake {
  closing: boolean;
}

/**
 * During shutdown: a new request on a kept-alive connection is refused with 503 (the client goes
 * to another process), and every answer, also of requests taken before, closes its connection.
 */
export function refuseWhileClosing(intake: Readonly<Intake>): AppMiddleware {
  return async function refuseWhileClosingMiddleware(ctx, next) {
    if (intake.closing) {
      ctx.set('Connection', 'close');
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Retry-After', '1');
      ctx.status = 503;
      const body: ApiFailure = {
        success: false,
        error: { code: ErrorCode.ServiceUnavailable, message: ctx.state.t(`errors.${ErrorCode.ServiceUnavailable}`) },
      };
      ctx.body = body;
      return;
    }
    try {
      await next();
    } finally {
      if (intake.closing && !ctx.headerSent) ctx.set('Connection', 'close');
    }
  };
}
