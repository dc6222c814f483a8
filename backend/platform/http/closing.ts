import { ErrorCode, type ApiFailure } from '../../../common/api';
import type { AppMiddleware } from './types';

/** Whether this process has begun to shut down (server.ts sets it on SIGTERM). */
export interface Intake {
  closing: boolean;
}

declare module './types' {
  interface AppState {
    /** Whether the request arrived once shutdown had begun (noteArrival()). */
    arrivedWhileClosing?: boolean;
  }
}

/**
 * The first middleware: notes, synchronously as the request arrives, whether shutdown had begun.
 * Later middlewares may await (headers, language), and a request taken before the signal must
 * not be refused because close() began during those awaits.
 */
export function noteArrival(intake: Readonly<Intake>): AppMiddleware {
  return function noteArrivalMiddleware(ctx, next) {
    ctx.state.arrivedWhileClosing = intake.closing;
    return next();
  };
}

/**
 * During shutdown: a new request on a kept-alive connection is refused with 503 (the client goes
 * to another process), and every answer, also of requests taken before, closes its connection.
 */
export function refuseWhileClosing(intake: Readonly<Intake>): AppMiddleware {
  return async function refuseWhileClosingMiddleware(ctx, next) {
    if (ctx.state.arrivedWhileClosing ?? intake.closing) {
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
