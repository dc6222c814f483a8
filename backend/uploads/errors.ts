import { ErrorCode } from '../../common/api';
import { AppError } from '../platform/errors';

/** 415: the bytes are not a JPEG, PNG or WebP image (or are a broken one). */
export class NotAnImageError extends AppError {
  readonly status = 415;
  readonly code = ErrorCode.NotAnImage;
}

/** 413: the upload is larger than the byte limit; refused while it streams in. */
export class FileTooLargeError extends AppError {
  readonly status = 413;
  readonly code = ErrorCode.FileTooLarge;
}

/** 422: the image is larger than the pixel limits; refused from its header, before decoding. */
export class ImageTooLargeError extends AppError {
  readonly status = 422;
  readonly code = ErrorCode.ImageTooLarge;
}
