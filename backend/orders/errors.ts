import { ErrorCode } from '../../common/api';
import type { AmountViolation } from '../../common/catalogue';
import { AppError, AppErrorWith, ValidationError, type AppErrorOptions } from '../platform/errors';

/** The action is not possible in the order's current state (or a concurrent change won). */
export class InvalidTransition extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.InvalidTransition;
}

/** A second receipt for the same order: only the first is kept. */
export class ReceiptAlreadyUploaded extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.ReceiptAlreadyUploaded;
}

/** Unknown, disabled or stale direction (no fresh rate to order at). */
export class DirectionUnavailable extends AppError {
  readonly status = 422;
  readonly code = ErrorCode.DirectionUnavailable;
}

/** Marking an order done would take the reserve of `to` below zero. */
export class InsufficientReserve extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.InsufficientReserve;
}

/** Returning funds needs an address (given now or earlier by the customer). */
export class RefundAddressRequired extends AppError {
  readonly status = 400;
  readonly code = ErrorCode.RefundAddressRequired;
}

/** An amount the widget would refuse (400 validation_failed on the amount's field), with the reason (common/catalogue.ts AMOUNT_VIOLATIONS). */
export class AmountRefused extends ValidationError {
  constructor(
    readonly violation: AmountViolation,
    fields: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(fields, options);
  }
}

/** The partner API key already made an order with this external id (createOrder's `api.externalId`). */
export class ExternalIdTaken extends AppErrorWith(409, ErrorCode.Conflict) {}
