import { ErrorCode } from '../../common/api';
import { AppError } from '../platform/errors';

/** The blacklist refused the order: 403 with a message that never says which list or entry. */
export class OrderRefused extends AppError {
  readonly status = 403;
  readonly code = ErrorCode.OrderRefused;
}

/** The blacklist refused a refund address (never saying why): the order is unchanged. */
export class RefundAddressRefused extends AppError {
  readonly status = 422;
  readonly code = ErrorCode.RefundAddressRefused;
}
