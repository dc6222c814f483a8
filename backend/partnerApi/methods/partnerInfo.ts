import type { PartnerSummary } from '../../../common/referral';
import { partnerSummary } from '../../referral/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { decimal, int, bool, nullable, objectOf, str } from './answers';

/** `partner_info`: the referral summary of the key's owner (percent, available, pending, referrals…). */
export const partnerInfo = (deps: PartnerApiDeps) =>
  defineMethod<Record<string, never>>({
    name: 'partner_info',
    answer: {
      schema: objectOf({
        code: str,
        link: str,
        percent: decimal,
        percentOverride: bool,
        nextTier: nullable(objectOf({ referrals: int, percent: decimal })),
        available: decimal,
        pending: decimal,
        referrals: int,
        activeReferrals: int,
        minPayout: decimal,
        currency: { type: 'string', enum: ['USDT'] },
      }),
      example: { code: 'PARTNER7', link: 'https://exchanger.example/?r=PARTNER7', percent: '0.3', percentOverride: false, nextTier: { referrals: 10, percent: '0.4' }, available: '125.5', pending: '12', referrals: 14, activeReferrals: 6, minPayout: '10', currency: 'USDT' },
    },
    handle: ({ caller }): Promise<PartnerSummary> => partnerSummary(deps.referral, caller.userId),
  });
