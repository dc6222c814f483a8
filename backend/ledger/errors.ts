import { ErrorCode } from '../../common/api';
import { AppError, type AppErrorOptions } from '../platform/errors';

/** The ledger's and the withdrawals' errors: messages in locales/<lang>/ledger.json under `errors`. */
abstract class LedgerError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super(options);
  }
  override get messageKey(): string {
    return `ledger.errors.${this.code}`;
  }
}

/**
 * 409 insufficient_funds: a posting would take an account that may not go negative below zero.
 * Thrown inside the transaction: the whole ledger transaction (and the caller's work) rolls back.
 */
export class InsufficientFunds extends LedgerError {
  readonly status = 409;
  readonly code = ErrorCode.InsufficientFunds;
}

/** 409 no_funds: "No funds available for withdrawal". */
export class NoFunds extends LedgerError {
  readonly status = 409;
  readonly code = ErrorCode.NoFunds;
}

/** 422 below_min_payout (`{{min}}` USDT in the message). */
export class BelowMinPayout extends LedgerError {
  readonly status = 422;
  readonly code = ErrorCode.BelowMinPayout;
}

/** 422 card_not_verified: a card payout goes only to one of the user's verified cards. */
export class CardNotVerified extends LedgerError {
  readonly status = 422;
  readonly code = ErrorCode.CardNotVerified;
}

/** 422 rate_unavailable: the asset has no live rate to USDT. */
export class RateUnavailable extends LedgerError {
  readonly status = 422;
  readonly code = ErrorCode.RateUnavailable;
}

/** 409 invalid_transition: the request is not in a state that takes this change. */
export class WithdrawalStateConflict extends LedgerError {
  readonly status = 409;
  readonly code = ErrorCode.InvalidTransition;
}
