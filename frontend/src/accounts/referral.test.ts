import { expect } from 'chai';
import { captureReferral, readReferral, REFERRAL_STORAGE_KEY, REFERRAL_TTL_MS, referralCode } from './referral';

const T0 = 1_700_000_000_000;

describe('referral record', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores the code of ?r= with the time of the visit', () => {
    expect(captureReferral('?r=partner1', T0, localStorage)).to.deep.equal({ ref: 'partner1', timestamp: T0 });
    expect(JSON.parse(localStorage.getItem(REFERRAL_STORAGE_KEY)!)).to.deep.equal({ ref: 'partner1', timestamp: T0 });
  });

  it('keeps the first visit time when the same code comes again within 30 days', () => {
    captureReferral('?r=partner1', T0, localStorage);
    expect(captureReferral('?r=partner1', T0 + 1000, localStorage)).to.deep.equal({ ref: 'partner1', timestamp: T0 });
  });

  it('replaces the record when another code comes', () => {
    captureReferral('?r=partner1', T0, localStorage);
    expect(captureReferral('?r=partner2', T0 + 5, localStorage)).to.deep.equal({ ref: 'partner2', timestamp: T0 + 5 });
    expect(referralCode(T0 + 6, localStorage)).to.equal('partner2');
  });

  it('replaces an expired record even with the same code', () => {
    captureReferral('?r=partner1', T0, localStorage);
    const later = T0 + REFERRAL_TTL_MS;
    expect(captureReferral('?r=partner1', later, localStorage)).to.deep.equal({ ref: 'partner1', timestamp: later });
  });

  it('keeps a code for 2,592,000,000 ms and forgets it at that age', () => {
    captureReferral('?r=partner1', T0, localStorage);
    expect(referralCode(T0 + REFERRAL_TTL_MS - 1, localStorage)).to.equal('partner1');
    expect(referralCode(T0 + REFERRAL_TTL_MS, localStorage)).to.equal('');
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).to.equal(null);
  });

  it('leaves the stored record alone on pages without r', () => {
    captureReferral('?r=partner1', T0, localStorage);
    expect(captureReferral('?from=BTC', T0 + 10, localStorage)).to.deep.equal({ ref: 'partner1', timestamp: T0 });
  });

  it('ignores a value of r that is not a referral code', () => {
    expect(captureReferral('?r=%3Cscript%3E', T0, localStorage)).to.equal(null);
    expect(captureReferral('?r=', T0, localStorage)).to.equal(null);
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).to.equal(null);
  });

  it('drops an unreadable record', () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, '{"ref":5}');
    expect(readReferral(T0, localStorage)).to.equal(null);
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).to.equal(null);
  });

  it('answers an empty code when nothing is stored', () => {
    expect(referralCode(T0, localStorage)).to.equal('');
  });
});
