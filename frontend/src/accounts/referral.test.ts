import { expect } from 'chai';
import { captureAndReportReferral, captureReferral, readReferral, REFERRAL_CLICKS_PATH, REFERRAL_STORAGE_KEY, REFERRAL_TTL_MS, referralCode } from './referral';

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

  it('tells the server once when it stores a new code, never for the same fresh code or one the server cannot own', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const send = async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
    };
    captureAndReportReferral({ search: '?r=Partner1', pathname: '/exchange' }, T0, localStorage, send);
    captureAndReportReferral({ search: '?r=Partner1', pathname: '/' }, T0 + 1000, localStorage, send);
    captureAndReportReferral({ search: '', pathname: '/' }, T0 + 2000, localStorage, send);
    captureAndReportReferral({ search: '?r=with_underscore', pathname: '/' }, T0 + 3000, localStorage, send);
    expect(sent).to.deep.equal([{ url: REFERRAL_CLICKS_PATH, body: { code: 'Partner1', path: '/exchange' } }]);
    // A failed beacon changes nothing.
    expect(captureAndReportReferral({ search: '?r=Partner2', pathname: '/' }, T0 + 4000, localStorage, () => Promise.reject(new Error('offline')))).to.deep.equal({ ref: 'Partner2', timestamp: T0 + 4000 });
  });
});
