/** What the referral functions work with: a subset of the orders' context, so the done transaction can pass its own. */
import type { Sequelize } from 'sequelize';
import type { KV } from '../platform/kv/types';
import type { Models } from '../models';

export interface ReferralDeps {
  sequelize: Sequelize;
  models: Models;
  /** The app's keys: hashes of addresses and requisites (security/secretBox appSecretKeys). */
  secretKeys: readonly string[];
  now: () => Date;
  /** The session index (the partner's sign-in addresses for the same-IP rule); optional. */
  kv?: KV;
}

/** The site's address the referral link starts with (PUBLIC_URL). */
export interface ReferralContext extends ReferralDeps {
  publicUrl: string;
}
