import { ErrorCode } from '../../common/api';
import { AppErrorWith } from '../platform/errors';

/**
 * No such order for this uid and e-mail (or this signed-in owner): 404 whether the uid is unknown
 * or the e-mail wrong, so the answer never tells which.
 */
export class ReviewOrderNotFound extends AppErrorWith(404, ErrorCode.OrderNotFound) {}

/** Only a done order may be reviewed. */
export class OrderNotDone extends AppErrorWith(409, ErrorCode.OrderNotDone) {}

/** One review per order. */
export class ReviewExists extends AppErrorWith(409, ErrorCode.ReviewExists) {}

/** Publish or reject of a review already in that status. */
export class ReviewStateConflict extends AppErrorWith(409, ErrorCode.ReviewState) {}
