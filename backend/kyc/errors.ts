import { ErrorCode } from '../../common/api';
import { AppErrorWith } from '../platform/errors';

/** 409: a submission already waits for a decision. */
export class KycPending extends AppErrorWith(409, ErrorCode.KycPending) {}
/** 409: the user is already verified. */
export class KycVerified extends AppErrorWith(409, ErrorCode.KycVerified) {}
/** 403: the last refusal was final. */
export class KycRefusedFinal extends AppErrorWith(403, ErrorCode.KycRefusedFinal) {}
/** 409: nothing of the user waits for a decision (decided already, or never submitted). */
export class KycNotPending extends AppErrorWith(409, ErrorCode.KycNotPending) {}
