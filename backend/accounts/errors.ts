import { ErrorCode } from '../../common/api';
import { AppError, type AppErrorOptions } from '../platform/errors';

/** The accounts' errors; codes are in common/api.ts ErrorCode, messages in locales/<lang>/accounts.json under `errors`. */
abstract class AccountError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super(options);
  }
  override get messageKey(): string {
    return `accounts.errors.${this.code}`;
  }
}

/** Wrong email or password: one answer for both, so sign-in never reveals an email. */
export class InvalidCredentials extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.InvalidCredentials;
}

export class AccountNotActivated extends AccountError {
  readonly status = 403;
  readonly code = ErrorCode.AccountNotActivated;
}

/** Blocked until `{{until}}` (a date in the message). */
export class AccountBlocked extends AccountError {
  readonly status = 403;
  readonly code = ErrorCode.AccountBlocked;
}

/** 2FA is on and no code was sent: the client shows the code field. */
export class OtpRequired extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.OtpRequired;
}

/** A wrong, reused or malformed one-time code. */
export class InvalidCode extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.InvalidCode;
}

/** A reset link that is unknown, used or expired. */
export class InvalidToken extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.InvalidToken;
}

/** 'Account activation error': an activation link that is unknown, used or expired. */
export class ActivationFailed extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.ActivationFailed;
}

/** 'Email not registered' on password reset (spec; behind the captcha and limits). */
export class EmailNotRegistered extends AccountError {
  readonly status = 404;
  readonly code = ErrorCode.EmailNotRegistered;
}

/** The current password given to confirm a change or deletion is wrong. */
export class WrongPassword extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.WrongPassword;
}

export class CommonPassword extends AccountError {
  readonly status = 400;
  readonly code = ErrorCode.CommonPassword;
}

/** Two-factor setup asked in the wrong state (already on, or not set up / not on). */
export class TwoFactorState extends AccountError {
  readonly status = 409;
  readonly code = ErrorCode.TwoFactorState;
}

/** Blocked by the administration (no end date): sign-in says so and to contact support. */
export class AccountSuspended extends AccountError {
  readonly status = 403;
  readonly code = ErrorCode.AccountSuspended;
}

/** The change would leave no active admin (409). */
export class LastAdmin extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.LastAdmin;
}

/** Staff never block or unblock themselves (409). */
export class OwnAccount extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.OwnAccount;
}
