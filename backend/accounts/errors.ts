import type { ErrorCode } from '../../common/api';
import { AppError, type AppErrorOptions } from '../lib/errors';

/** The accounts' error codes (listed in common/api.ts ErrorCode too); messages live in locales/<lang>/accounts.json under `errors`. */
export const AccountErrorCode = {
  InvalidCredentials: 'invalid_credentials',
  AccountNotActivated: 'account_not_activated',
  AccountBlocked: 'account_blocked',
  OtpRequired: 'otp_required',
  InvalidCode: 'invalid_code',
  InvalidToken: 'invalid_token',
  ActivationFailed: 'activation_failed',
  EmailNotRegistered: 'email_not_registered',
  WrongPassword: 'wrong_password',
  CommonPassword: 'common_password',
  TwoFactorState: 'two_factor_state',
} as const;
export type AccountErrorCode = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];

function code(value: AccountErrorCode): ErrorCode {
  return value;
}

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
  readonly code = code(AccountErrorCode.InvalidCredentials);
}

export class AccountNotActivated extends AccountError {
  readonly status = 403;
  readonly code = code(AccountErrorCode.AccountNotActivated);
}

/** Blocked until `{{until}}` (a date in the message). */
export class AccountBlocked extends AccountError {
  readonly status = 403;
  readonly code = code(AccountErrorCode.AccountBlocked);
}

/** 2FA is on and no code was sent: the client shows the code field. */
export class OtpRequired extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.OtpRequired);
}

/** A wrong, reused or malformed one-time code. */
export class InvalidCode extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.InvalidCode);
}

/** A reset link that is unknown, used or expired. */
export class InvalidToken extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.InvalidToken);
}

/** 'Account activation error': an activation link that is unknown, used or expired. */
export class ActivationFailed extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.ActivationFailed);
}

/** 'Email not registered' on password reset (spec; behind the captcha and limits). */
export class EmailNotRegistered extends AccountError {
  readonly status = 404;
  readonly code = code(AccountErrorCode.EmailNotRegistered);
}

/** The current password given to confirm a change or deletion is wrong. */
export class WrongPassword extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.WrongPassword);
}

export class CommonPassword extends AccountError {
  readonly status = 400;
  readonly code = code(AccountErrorCode.CommonPassword);
}

/** Two-factor setup asked in the wrong state (already on, or not set up / not on). */
export class TwoFactorState extends AccountError {
  readonly status = 409;
  readonly code = code(AccountErrorCode.TwoFactorState);
}
