import { ConnectionError as DatabaseConnectionError } from 'sequelize';
import type { ApiFailure } from '../../../common/api';
import { ErrorCode } from '../../../common/api';
import {
  CodedError,
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InternalError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  hasFields,
} from '../errors';
import { KVUnavailableError } from '../kv';
import type { AppContext, AppMiddleware } from './types';

/** Errors raised by Koa, koa-body/co-body or koa-send carry an HTTP status. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
}

const CLIENT_ERRORS: Record<number, () => AppError> = {
  400: () => new BadRequestError(),
  401: () => new UnauthorizedError(),
  403: () => new ForbiddenError(),
  404: () => new NotFoundError(),
  409: () => new ConflictError(),
  413: () => new PayloadTooLargeError(),
  415: () => new UnsupportedMediaTypeError(),
  429: () => new TooManyRequestsError(),
};

/** Maps anything thrown downstream to the AppError the client will see. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof KVUnavailableError || error instanceof DatabaseConnectionError) {
    return new ServiceUnavailableError(undefined, { cause: error });
  }
  const { status, statusCode, type } = (error ?? {}) as HttpLikeError;
  const httpStatus = status ?? statusCode;
  if (type === 'entity.parse.failed') return new BadRequestError({ cause: error });
  if (type === 'entity.too.large') return new PayloadTooLargeError({ cause: error });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new UnsupportedMediaTypeError({ cause: error });
  }
  if (httpStatus === 405) return new MethodNotAllowedError([], { cause: error });
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    return (CLIENT_ERRORS[httpStatus] ?? CLIENT_ERRORS[400])();
  }
  return new InternalError({ cause: error });
}

function setErrorHeaders(ctx: AppContext, error: AppError): void {
  ctx.set('Cache-Control', 'no-store');
  if (error instanceof MethodNotAllowedError && error.allowed.length > 0) ctx.set('Allow', error.allowed.join(', '));
  if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  }
}

/**
 * Turns every error into the JSON envelope `{ success: false, error: { code, message, fields? } }`
 * with the message translated in the request's language. Unknown errors become a 500
 * `internal_error`, logged with the request id; no stack trace ever reaches the body.
 */
export function errorHandler(): AppMiddleware {
  return async function errorHandlerMiddleware(ctx: AppContext, next) {
    try {
      await next();
    } catch (thrown) {
      const error = toAppError(thrown);
      if (ctx.headerSent) {
        ctx.state.log.error({ err: thrown }, 'error after the response started');
        return;
      }
      if (error.code === ErrorCode.Internal) {
        ctx.state.log.error({ err: thrown }, 'unhandled error');
      } else if (error.status >= 500) {
        ctx.state.log.warn({ err: thrown, code: error.code }, 'dependency unavailable');
      }
      const fields = hasFields(error) ? error.fields : undefined;
      const body: ApiFailure = {
        success: false,
        error: {
          code: error.code,
          message: ctx.state.t(error.messageKey, error.values),
          ...(fields ? { fields } : {}),
        },
      };
      ctx.status = error.status;
      setErrorHeaders(ctx, error);
      ctx.body = body;
    }
  };
}
