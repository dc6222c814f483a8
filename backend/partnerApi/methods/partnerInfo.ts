import type { PartnerSummary } from '../../../common/referral';
import { partnerSummary } from '../../referral/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';

/** `partner_info`: the referral summary of the key's owner (percent, available, pending, referrals…). */
export const partnerInfo = (deps: PartnerApiDeps) =>
  defineMethod<Record<string, never>>({
    name: 'partner_info',
    summary: "The key owner's partner summary: percent, available and pending balance (USDT), referrals, minimum payout.",
    handle: ({ caller }): Promise<PartnerSummary> => partnerSummary(deps.referral, caller.userId),
  });
