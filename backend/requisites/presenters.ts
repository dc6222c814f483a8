import { cardExpired, formatExpiry, type RequisiteDto, type RequisiteStatus } from '../../common/requisites';
import type { Requisite } from '../models';

/** The status as shown: a verified card past its expiry month is `expired`. */
export function shownStatus(requisite: Pick<Requisite, 'status' | 'expiryMonth' | 'expiryYear'>, now: Date): RequisiteStatus {
  if (requisite.status === 'verified' && requisite.expiryMonth !== null && requisite.expiryYear !== null && cardExpired(requisite.expiryMonth, requisite.expiryYear, now)) return 'expired';
  return requisite.status;
}

export function expiryText(requisite: Pick<Requisite, 'expiryMonth' | 'expiryYear'>): string | null {
  return requisite.expiryMonth !== null && requisite.expiryYear !== null ? formatExpiry(requisite.expiryMonth, requisite.expiryYear) : null;
}

/** The whitelist the user sees: never the number, its hash or the photo's key. */
export function presentRequisite(requisite: Requisite, now: Date): RequisiteDto {
  return {
    id: requisite.id,
    kind: requisite.kind,
    asset: requisite.assetCode,
    masked: requisite.masked,
    holder: requisite.holder,
    expires: expiryText(requisite),
    status: shownStatus(requisite, now),
    rejectReason: requisite.status === 'rejected' ? requisite.rejectReason : null,
    photoUploaded: requisite.status === 'pending' && requisite.photoKey !== null,
    createdAt: requisite.createdAt.toISOString(),
  };
}
