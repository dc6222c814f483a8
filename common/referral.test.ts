import { expect } from 'chai';
import { DEFAULT_REFERRAL_TIERS, partnerPercentSchema, REFERRAL_CODE_PATTERN, referralClickSchema, referralSettingsSchema } from './referral';

const valid = { tiers: [...DEFAULT_REFERRAL_TIERS], holdDays: 0, minPayout: '10' };

describe('referral schemas', () => {
  it('takes the default settings: the table starts at 0 referrals, rises, and reaches 15 %', () => {
    expect(referralSettingsSchema.isValidSync(valid)).to.equal(true);
    expect(DEFAULT_REFERRAL_TIERS[0]!.referrals).to.equal(0);
    expect(DEFAULT_REFERRAL_TIERS.at(-1)!.percent).to.equal('15');
  });

  it('refuses unsorted or repeated tiers, a table not from 0, percents past 0–100, a bad hold or minimum', () => {
    for (const bad of [
      { ...valid, tiers: [{ referrals: 5, percent: '5' }, { referrals: 0, percent: '4' }] },
      { ...valid, tiers: [{ referrals: 0, percent: '5' }, { referrals: 0, percent: '4' }] },
      { ...valid, tiers: [{ referrals: 3, percent: '5' }] },
      { ...valid, tiers: [{ referrals: 0, percent: '100.000000000000000001' }] },
      { ...valid, tiers: [{ referrals: 0, percent: '1e2' }] },
      { ...valid, tiers: [{ referrals: 0.5, percent: '5' }] },
      { ...valid, holdDays: 366 },
      { ...valid, holdDays: 0.5 },
      { ...valid, minPayout: '0' },
      { ...valid, minPayout: '-1' },
    ]) {
      expect(referralSettingsSchema.isValidSync(bad), JSON.stringify(bad)).to.equal(false);
    }
    expect(referralSettingsSchema.isValidSync({ ...valid, tiers: [{ referrals: 0, percent: '100' }], holdDays: 365, minPayout: '0.000000000000000001' })).to.equal(true);
  });

  it('takes an own percent or null, and a click of a code', () => {
    expect(partnerPercentSchema.isValidSync({ percent: '12.5' })).to.equal(true);
    expect(partnerPercentSchema.isValidSync({ percent: null })).to.equal(true);
    expect(partnerPercentSchema.isValidSync({ percent: '101' })).to.equal(false);
    expect(partnerPercentSchema.isValidSync({})).to.equal(false);
    expect(partnerPercentSchema.isValidSync({ percent: 5 })).to.equal(false);
    expect(referralClickSchema.isValidSync({ code: 'ABCD2345', path: '/' })).to.equal(true);
    expect(referralClickSchema.isValidSync({ code: 'a b' })).to.equal(false);
    expect(REFERRAL_CODE_PATTERN.test('ABCD2345')).to.equal(true);
  });
});
