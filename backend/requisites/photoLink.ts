/**
 * Short-lived signed links to a requisite's photo for the review queue, like the board's order
 * files (console/board.ts signedFileUrl, both on platform/security/signedLink.ts); still served to
 * staff only.
 */
import { BOARD_FILE_LINK_TTL_SECONDS } from '../../common/board';
import { linkSignatureValid, signLink } from '../platform/security/signedLink';

export function requisitePhotoUrl(keys: readonly string[], id: number, now: Date): string {
  return `/api/operator/reviews/requisites/${id}/photo?${signLink(keys, `requisite-photo:${id}`, now, BOARD_FILE_LINK_TTL_SECONDS)}`;
}

export function requisitePhotoLinkValid(keys: readonly string[], id: number, expires: unknown, sig: unknown, now: Date): boolean {
  return linkSignatureValid(keys, `requisite-photo:${id}`, expires, sig, now, BOARD_FILE_LINK_TTL_SECONDS);
}
