import { ErrorCode } from '../../../common/api';
import { AppError } from '../errors';

export const CAPTCHA_FAILED: ErrorCode = ErrorCode.CaptchaFailed;

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
