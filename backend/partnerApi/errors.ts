import { ErrorCode } from '../../common/api';
import { MAX_API_KEYS } from '../../common/partnerApi';
import { AppErrorWith, type AppErrorOptions } from '../platform/errors';

/** 401 bad_signature: an unknown key, a missing or malformed header, or a hash that does not match — never says which. */
export class BadSignature extends AppErrorWith(401, ErrorCode.BadSignature) {}

/** 409 stale_nonce: `time` is not greater than the last accepted one (a replay). */
export class StaleNonce extends AppErrorWith(409, ErrorCode.StaleNonce) {}

export class KeyDisabled extends AppErrorWith(403, ErrorCode.KeyDisabled) {}

export class IpNotAllowed extends AppErrorWith(403, ErrorCode.IpNotAllowed) {}

export class WithdrawalsNotAllowed extends AppErrorWith(403, ErrorCode.WithdrawalsNotAllowed) {}

export class UnknownMethod extends AppErrorWith(404, ErrorCode.UnknownMethod) {}

/** 400 validation_error with translated per-field messages (the partner API's own code). */
export class PartnerValidationError extends AppErrorWith(400, ErrorCode.PartnerValidation) {
  constructor(
    readonly fields: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(options);
  }
}

export class TwoFactorRequiredForWithdrawals extends AppErrorWith(400, ErrorCode.TwoFactorRequiredForWithdrawals) {}

/** 400 callback_url_refused: the URL resolves to a private, loopback or link-local address. */
export class CallbackUrlRefused extends AppErrorWith(400, ErrorCode.CallbackUrlRefused) {}

export class ApiKeyLimit extends AppErrorWith(409, ErrorCode.ApiKeyLimit) {
  constructor() {
    super({ values: { max: MAX_API_KEYS } });
  }
}
