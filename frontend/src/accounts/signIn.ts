import { ErrorCode } from '../../../common/api';
import { ApiError } from '../api/ApiError';

/** Error codes of `POST /api/user/auth/sign-in` (and of the reset confirmation's 2FA step). */
export const AuthErrorCode = {
  OtpRequired: 'otp_required',
  InvalidCode: 'invalid_code',
  AccountNotActivated: 'account_not_activated',
  AccountBlocked: 'account_blocked',
  InvalidCredentials: 'invalid_credentials',
  CaptchaFailed: 'captcha_failed',
  TooManyRequests: ErrorCode.TooManyRequests,
} as const;

/** What the sign-in form does with a failed attempt. */
export type SignInFailure =
  /** The account has two-factor protection: show the code field and submit again. */
  | { kind: 'needCode' }
  /** Show the message on these inputs (a wrong code, or validation failures). */
  | { kind: 'fields'; fields: Record<string, string> }
  /** Show the message above the form (wrong credentials, blocked, not activated, limits…). */
  | { kind: 'message'; message: string };

/**
 * The two-step sign-in: the first attempt sends email and password with an empty code; the
 * server answers `otp_required` when the account has two-factor protection, and the same form
 * then asks for the code. A wrong code stays on the code field; anything else is said above the
 * form (the server's translated message), keeping the code step once reached.
 */
export function signInFailure(error: unknown): SignInFailure {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === AuthErrorCode.OtpRequired) return { kind: 'needCode' };
  if (error.code === AuthErrorCode.InvalidCode) return { kind: 'fields', fields: { code: error.message, ...error.fields } };
  if (error.code === ErrorCode.ValidationFailed && Object.keys(error.fields).length > 0) {
    return { kind: 'fields', fields: error.fields };
  }
  return { kind: 'message', message: error.message };
}
