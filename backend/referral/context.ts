/** What the referral functions work with: a subset of the orders' context, so the done transaction can pass its own. */
import type { Sequelize } from 'sequelize';
import type { KV } from '../platform/kv/types';
import { initModels, type Models } from '../models';
import type { Config } from '../platform/config/types';
import { appSecretKeys } from '../platform/security/secretBox';

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

export function createReferralContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  config: Pick<Config, 'publicUrl' | 'sessionKeys'>;
  now?: () => Date;
}): ReferralContext {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    kv: deps.kv,
    secretKeys: appSecretKeys(deps.config),
    publicUrl: deps.config.publicUrl,
    now: deps.now ?? (() => new Date()),
  };
}
