import type { ErrorCode } from '../../common/api';
import { AppError } from '../lib/errors';

/**
 * Codes of this module not (yet) in common/api.ts ErrorCode; the cast keeps AppError's type while
 * the shared enum is owned elsewhere. TODO: add `CaptchaFailed: 'captcha_failed'` to ErrorCode.
 */
export const CAPTCHA_FAILED = 'captcha_failed' as ErrorCode;

/** 400 `captcha_failed`: the captcha token is missing, wrong, expired, reused or scored as a bot. */
export class CaptchaFailedError extends AppError {
  readonly status = 400;
  readonly code = CAPTCHA_FAILED;

  constructor(
    /** What siteverify said, for logs (never shown): error codes, score, action. */
    readonly reason: string,
  ) {
    super({ messageKey: 'security.captcha_failed' });
  }
}
