/**
 * A partner's percent: an admin's own percent (users.referralPercent) when set, else the tier of
 * the tier table for the number of active referrals — users bound to the partner with a done
 * exchange in the last ACTIVE_REFERRAL_DAYS days (orders_user_done and users_referrer indexes).
 */
import { Op, literal, type Transaction } from 'sequelize';
import { ACTIVE_REFERRAL_DAYS, type ReferralTier } from '../../common/referral';
import { DONE_STATUS } from '../../common/orderRules';
import { normalizeMoney } from '../../common/money';
import type { ReferralDeps } from './context';
import { readReferralTiers } from './settings';

const DAY_MS = 86_400_000;

/** Users bound to the partner for good. */
export async function referralCount(deps: Pick<ReferralDeps, 'models'>, partnerId: number, transaction?: Transaction): Promise<number> {
  return deps.models.User.count({ where: { referrerId: partnerId }, transaction });
}

/** Referred users with a done exchange in the last ACTIVE_REFERRAL_DAYS days. */
export async function activeReferralCount(deps: Pick<ReferralDeps, 'models' | 'sequelize' | 'now'>, partnerId: number, transaction?: Transaction): Promise<number> {
  const since = new Date(deps.now().getTime() - ACTIVE_REFERRAL_DAYS * DAY_MS);
  const referred = literal(`(SELECT id FROM users WHERE referrerId = ${deps.sequelize.escape(partnerId)})`);
  return deps.models.Order.count({
    distinct: true,
    col: 'userId',
    where: { userId: { [Op.in]: referred }, status: DONE_STATUS, doneAt: { [Op.gte]: since } },
    transaction,
  });
}

/** The tier for `active` referrals (the table is sorted, its first row from 0) and the one after it. */
export function tierFor(tiers: readonly ReferralTier[], active: number): { tier: ReferralTier; next: ReferralTier | null } {
  let index = 0;
  for (let i = 0; i < tiers.length; i += 1) if (tiers[i]!.referrals <= active) index = i;
  return { tier: tiers[index]!, next: tiers[index + 1] ?? null };
}

export interface PartnerPercent {
  /** Decimal string, 0–100. */
  percent: string;
  /** An admin's own percent. */
  override: boolean;
  /** The next tier; null at the top or with an own percent. */
  nextTier: ReferralTier | null;
  activeReferrals: number;
}

/** The partner's percent now (see the module comment). */
export async function partnerPercent(deps: Pick<ReferralDeps, 'models' | 'sequelize' | 'now'>, partnerId: number, transaction?: Transaction): Promise<PartnerPercent> {
  // One after another: inside a transaction they share its one connection.
  const partner = await deps.models.User.findByPk(partnerId, { attributes: ['id', 'referralPercent'], transaction });
  const activeReferrals = await activeReferralCount(deps, partnerId, transaction);
  const tiers = await readReferralTiers(deps.models, transaction);
  if (partner?.referralPercent != null) {
    return { percent: normalizeMoney(partner.referralPercent), override: true, nextTier: null, activeReferrals };
  }
  const { tier, next } = tierFor(tiers, activeReferrals);
  return { percent: tier.percent, override: false, nextTier: next, activeReferrals };
}
