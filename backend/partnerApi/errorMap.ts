/**
 * The one mapping of the domains' errors to the partner API's stable codes (common/partnerApi.ts
 * PARTNER_API_ERRORS). Every method's handler runs inside `withPartnerErrors`: an error whose code
 * is in the table is answered with the contract's code and status (its per-field messages kept);
 * any other error passes unchanged (the product's own codes: order_refused, card_not_verified…).
 */
import { ErrorCode } from '../../common/api';
import type { AmountViolation } from '../../common/catalogue';
import type { PartnerApiError } from '../../common/partnerApi';
import { AppError, CodedError, ValidationError } from '../platform/errors';
import { AmountRefused } from '../orders/errors';

/** The contract's codes this module answers with, and their HTTP statuses. */
export const PARTNER_ERROR_STATUS: Partial<Record<PartnerApiError, number>> = {
  validation_error: 400,
  direction_unavailable: 422,
  below_minimum: 422,
  above_maximum: 422,
  reserve_exceeded: 422,
  quote_expired: 409,
  order_not_found: 404,
  not_cancellable: 409,
  insufficient_funds: 409,
  maintenance: 503,
};

/** A refused amount, by the quote's reason (backend/rates/quote.ts). */
const AMOUNT: Record<AmountViolation, PartnerApiError> = {
  invalid_amount: 'validation_error',
  precision: 'validation_error',
  below_min: 'below_minimum',
  above_max: 'above_maximum',
  above_reserve: 'reserve_exceeded',
};

/** The domains' codes (common/api.ts ErrorCode) → the contract's. */
export const PARTNER_ERROR_TABLE: Partial<Record<ErrorCode, PartnerApiError>> = {
  [ErrorCode.ValidationFailed]: 'validation_error',
  [ErrorCode.DirectionUnavailable]: 'direction_unavailable',
  [ErrorCode.NotFound]: 'order_not_found',
  [ErrorCode.InvalidTransition]: 'not_cancellable',
  [ErrorCode.InsufficientFunds]: 'insufficient_funds',
  [ErrorCode.NoFunds]: 'insufficient_funds',
  [ErrorCode.BelowMinPayout]: 'below_minimum',
  [ErrorCode.Maintenance]: 'maintenance',
};

/** The partner API's error of `code` (its message: errors.<code>). */
export function partnerError(code: PartnerApiError, fields?: Record<string, string>, values?: Record<string, unknown>): CodedError {
  return new CodedError(PARTNER_ERROR_STATUS[code] ?? 400, code as ErrorCode, fields, values ? { values } : {});
}

/**
 * `error` in the contract's terms (see the module comment). A domain error that carries values keeps
 * its own message, which names them ("The minimum withdrawal is 10 USDT" under below_minimum): the
 * contract's generic text would hide what the partner needs to fix the call.
 */
export function toPartnerError(error: unknown): unknown {
  if (!(error instanceof AppError) || error instanceof CodedError) return error;
  const fields = error instanceof ValidationError ? error.fields : undefined;
  const code = error instanceof AmountRefused ? AMOUNT[error.violation] : PARTNER_ERROR_TABLE[error.code];
  if (!code) return error;
  if (error.values) return new CodedError(PARTNER_ERROR_STATUS[code] ?? 400, code as ErrorCode, fields, { values: error.values, messageKey: error.messageKey });
  return partnerError(code, fields);
}

/** Runs a handler with its errors mapped (toPartnerError). */
export async function withPartnerErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPartnerError(error);
  }
}
