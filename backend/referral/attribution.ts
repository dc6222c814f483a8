/**
 * Who an account or an order is attributed to. A user who registers with a code that resolves to
 * a partner is bound to them for good (users.referrerId, set once at creation). An order's partner
 * is resolved at its creation: the signed-in customer's binding wins over the code in the browser;
 * else the owner of the order's `ref` code; never the customer themself.
 */
import type { Transaction } from 'sequelize';
import type { Models, User } from '../models';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { partnerIdByCode } from './codes';
import { announceToPartner } from './rewardLedger';

/** The partner a new account is bound to, from the code it registered with (null: none). */
export function registrationPartner(models: Pick<Models, 'User'>, ref: string | null | undefined, transaction?: Transaction): Promise<number | null> {
  return partnerIdByCode(models, ref, transaction);
}

/** After the commit that bound a new account: the partner's referral count changed (their page reloads). */
export function announceReferralBinding(deps: { kv: KV; logger: Logger }, partnerId: number | null): Promise<void> {
  return announceToPartner(deps, partnerId, 'referral');
}

/** The partner of a new order (see the module comment). */
export async function orderPartner(
  models: Pick<Models, 'User'>,
  props: { user: (Pick<User, 'id'> & { referrerId?: number | null }) | null; ref: string | null | undefined },
): Promise<number | null> {
  const bound = props.user?.referrerId ?? null;
  if (bound !== null) return bound === props.user?.id ? null : bound;
  const owner = await partnerIdByCode(models, props.ref);
  return owner !== null && owner === props.user?.id ? null : owner;
}
