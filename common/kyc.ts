/**
 * Identity verification (KYC): the user's status and submission, the operators' queue and
 * decisions. Statuses as the spec names them: approve = Verified, blocked = Not Verified,
 * check = Under Review; `none` before any submission.
 */
import type { KycStatus } from './api';

export const KYC_VIEW_STATUSES = ['none', 'check', 'approve', 'blocked'] as const;
export type KycViewStatus = (typeof KYC_VIEW_STATUSES)[number];

/** The two files of one submission: the multipart fields of `POST /api/user/kyc`. */
export const KYC_FILE_FIELDS = ['document', 'selfie'] as const;
export type KycFileKind = (typeof KYC_FILE_FIELDS)[number];

export const KYC_DECISIONS = ['approve', 'reject'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

export const MAX_KYC_REASON = 500;

/** `GET /api/user/kyc` (and the answer of `POST`). */
export interface KycStatusDto {
  status: KycViewStatus;
  /** Why the last submission was refused (shown to the user); null otherwise. */
  reason: string | null;
  /** A final refusal: no new submission is accepted. */
  final: boolean;
}

/** One submission waiting in the operators' queue (oldest first). */
export interface KycQueueItem {
  id: number;
  userId: number;
  email: string;
  name: string | null;
  /** When it was submitted (ISO). */
  submittedAt: string;
  /** Short-lived signed links to the files, for staff only (every view is audited). */
  document: string | null;
  selfie: string | null;
}

/** `GET /api/operator/reviews?kind=kyc&cursor=` */
export interface KycQueueList {
  items: KycQueueItem[];
  nextCursor: string | null;
}

/** `POST /api/operator/kyc/{userId}/approve|reject` body (`reason` required on a rejection). */
export interface KycDecisionRequest {
  reason?: string;
  final?: boolean;
}

/** The socket event to the user's room and to the operators when a submission changes. */
export interface KycChangedEvent {
  userId: number;
  status: KycStatus;
}

/** A user status as shown: null (never submitted) is `none`. */
export function kycViewStatus(status: KycStatus | null | undefined): KycViewStatus {
  return status ?? 'none';
}
