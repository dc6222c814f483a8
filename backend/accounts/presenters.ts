import type { SessionUser } from '../../common/api';
import type { User } from '../models';

/** The user as the SPA sees it: SessionUser plus phone and notification choices. */
export interface ProfileDto extends SessionUser {
  phone: string | null;
  /** Email on a password change. */
  notifyPasswordChange: boolean;
  /** Email on each sign-in. */
  notifySignIn: boolean;
}

/**
 * What the session call and the profile calls answer: an explicit whitelist (never the hash,
 * the 2FA secret, the status or the referral).
 */
export function presentProfile(user: User): ProfileDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    secondName: user.secondName,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    kycStatus: user.kycStatus,
    phone: user.phone,
    notifyPasswordChange: user.notifyPasswordChange,
    notifySignIn: user.notifySignIn,
  };
}
