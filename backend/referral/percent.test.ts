import { expect } from 'chai';
import { DEFAULT_REFERRAL_TIERS } from '../../common/referral';
import { tierFor } from './percent';

describe('tierFor', () => {
  it('takes the last tier reached and names the next one', () => {
    expect(tierFor(DEFAULT_REFERRAL_TIERS, 0)).to.deep.equal({ tier: DEFAULT_REFERRAL_TIERS[0], next: DEFAULT_REFERRAL_TIERS[1] });
    expect(tierFor(DEFAULT_REFERRAL_TIERS, 4).tier.percent).to.equal('5');
    expect(tierFor(DEFAULT_REFERRAL_TIERS, 5).tier.percent).to.equal('7.5');
    expect(tierFor(DEFAULT_REFERRAL_TIERS, 99)).to.deep.equal({ tier: DEFAULT_REFERRAL_TIERS[3], next: DEFAULT_REFERRAL_TIERS[4] });
    expect(tierFor(DEFAULT_REFERRAL_TIERS, 1000)).to.deep.equal({ tier: DEFAULT_REFERRAL_TIERS[4], next: null });
  });
});
