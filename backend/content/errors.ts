import { ErrorCode } from '../../common/api';
import { AppErrorWith } from '../platform/errors';

/** The terms' text changes only by publishing a new version (POST /api/admin/content/terms). */
export class TermsVersioned extends AppErrorWith(409, ErrorCode.TermsVersioned) {}
