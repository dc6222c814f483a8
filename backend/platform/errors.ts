import { ErrorCode } from '../../common/api';

export interface AppErrorOptions {
  /** i18n key of the message; defaults to `errors.<code>`. */
  messageKey?: string;
  /** Interpolation values for the message (`{{name}}`). */
  values?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error the client is meant to see: an HTTP status, a stable machine code and a message key
 * translated by the error middleware in the request's language.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorCode;
  readonly values: Record<string, unknown> | undefined;
  readonly #messageKey: string | undefined;

  constructor(options: AppErrorOptions = {}) {
    super(options.messageKey ?? new.target.name, { cause: options.cause });
    this.name = new.target.name;
    this.values = options.values;
    this.#messageKey = options.messageKey;
  }

  get messageKey(): string {
    return this.#messageKey ?? `errors.${this.code}`;
  }
}

export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code = ErrorCode.BadRequest;
}

/** 400 with translated per-field messages. */
export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = ErrorCode.ValidationFailed;

  constructor(
    readonly fields: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 401: the client treats it as "signed out". */
export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = ErrorCode.Unauthorized;
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = ErrorCode.Forbidden;
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = ErrorCode.NotFound;
}

export class MethodNotAllowedError extends AppError {
  readonly status = 405;
  readonly code = ErrorCode.MethodNotAllowed;

  constructor(
    readonly allowed: readonly string[],
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.Conflict;
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = ErrorCode.PayloadTooLarge;
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  readonly code = ErrorCode.UnsupportedMediaType;
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly code = ErrorCode.TooManyRequests;

  constructor(
    /** Seconds until the client may retry (sent as `Retry-After`). */
    readonly retryAfterSeconds?: number,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 403 for an unsafe request coming from a foreign site. */
export class CsrfRejectedError extends AppError {
  readonly status = 403;
  readonly code = ErrorCode.CsrfRejected;
}

/** 503: a dependency (database, Redis) does not answer. */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = ErrorCode.ServiceUnavailable;

  constructor(
    /** Per-dependency translated messages, e.g. `{ redis: 'Not responding' }`. */
    readonly fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 503 while MAINTENANCE=1 for actions that are paused. */
export class MaintenanceError extends AppError {
  readonly status = 503;
  readonly code = ErrorCode.Maintenance;
}

export class InternalError extends AppError {
  readonly status = 500;
  readonly code = ErrorCode.Internal;
}
