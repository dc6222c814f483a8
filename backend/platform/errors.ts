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

/**
 * The base of an error class with a fixed HTTP status and code:
 * `class ForbiddenError extends AppErrorWith(403, ErrorCode.Forbidden) {}`. The class keeps its own
 * name (the error's `name`); its instances are AppErrors.
 */
export function AppErrorWith<S extends number, C extends ErrorCode>(status: S, code: C) {
  abstract class FixedAppError extends AppError {
    readonly status = status;
    readonly code = code;
  }
  return FixedAppError;
}

/** An AppError that answers per-field messages (`error.fields`). */
export function hasFields(error: AppError): error is AppError & { fields: Record<string, string> | undefined } {
  return 'fields' in error;
}

export class BadRequestError extends AppErrorWith(400, ErrorCode.BadRequest) {}

/** 400 with translated per-field messages. */
export class ValidationError extends AppErrorWith(400, ErrorCode.ValidationFailed) {
  constructor(
    readonly fields: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 401: the client treats it as "signed out". */
export class UnauthorizedError extends AppErrorWith(401, ErrorCode.Unauthorized) {}

export class ForbiddenError extends AppErrorWith(403, ErrorCode.Forbidden) {}

export class NotFoundError extends AppErrorWith(404, ErrorCode.NotFound) {}

export class MethodNotAllowedError extends AppErrorWith(405, ErrorCode.MethodNotAllowed) {
  constructor(
    readonly allowed: readonly string[],
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

export class ConflictError extends AppErrorWith(409, ErrorCode.Conflict) {}

export class PayloadTooLargeError extends AppErrorWith(413, ErrorCode.PayloadTooLarge) {}

export class UnsupportedMediaTypeError extends AppErrorWith(415, ErrorCode.UnsupportedMediaType) {}

export class TooManyRequestsError extends AppErrorWith(429, ErrorCode.TooManyRequests) {
  constructor(
    /** Seconds until the client may retry (sent as `Retry-After`). */
    readonly retryAfterSeconds?: number,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 403 for an unsafe request coming from a foreign site. */
export class CsrfRejectedError extends AppErrorWith(403, ErrorCode.CsrfRejected) {}

/** 503: a dependency (database, Redis) does not answer. */
export class ServiceUnavailableError extends AppErrorWith(503, ErrorCode.ServiceUnavailable) {
  constructor(
    /** Per-dependency translated messages, e.g. `{ redis: 'Not responding' }`. */
    readonly fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

/** 503 while MAINTENANCE=1 for actions that are paused. */
export class MaintenanceError extends AppErrorWith(503, ErrorCode.Maintenance) {}

/**
 * An error whose status and code are chosen at run time from a contract's table (the partner
 * API's codes, backend/partnerApi/errors.ts), with per-field messages when it has them.
 */
export class CodedError extends AppError {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

export class InternalError extends AppErrorWith(500, ErrorCode.Internal) {}
