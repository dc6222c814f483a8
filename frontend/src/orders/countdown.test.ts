import { expect } from 'chai';
import { countdownOf, formatTimeLeft } from '../../../common/orderCountdown';
import { CREATED_AT, orderFixture } from './testing/fixtures';

const at = (offsetSeconds: number) => Date.parse(CREATED_AT) + offsetSeconds * 1000;

describe('order countdown', () => {
  it('formats the time left as mm:ss, with hours from an hour on', () => {
    expect(formatTimeLeft(0)).to.equal('00:00');
    expect(formatTimeLeft(9)).to.equal('00:09');
    expect(formatTimeLeft(14 * 60 + 5)).to.equal('14:05');
    expect(formatTimeLeft(3600 + 61)).to.equal('1:01:01');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatTimeLeft(-5)).to.equal('00:00');
    expect(formatTimeLeft(59.9)).to.equal('00:59');
    expect(formatTimeLeft(Number.NaN)).to.equal('00:00');
  });

  it('counts from expiresAt before the first tick, as the share of the window left', () => {
    // A 15-minute window, 5 minutes gone.
    expect(countdownOf(orderFixture(), null, at(300))).to.deep.equal({ secondsLeft: 600, percent: (600 / 900) * 100 });
  });

  it('follows the server tick of this order once one arrives', () => {
    const tick = { uid: 'K7M2Q9XA4B', secondsLeft: 450, expiresAt: '2026-11-21T12:15:00.000Z' };
    expect(countdownOf(orderFixture(), tick, at(0))).to.deep.equal({ secondsLeft: 450, percent: 50 });
    expect(countdownOf(orderFixture(), { ...tick, uid: 'OTHER' }, at(0))?.secondsLeft).to.equal(900);
  });

  it('widens the window when an extension moves expiresAt later', () => {
    const tick = { uid: 'K7M2Q9XA4B', secondsLeft: 900, expiresAt: '2026-11-21T12:30:00.000Z' };
    expect(countdownOf(orderFixture(), tick, at(900))).to.deep.equal({ secondsLeft: 900, percent: 50 });
  });

  it('measures the window from the card decision that gave it back, so the ring starts full again', () => {
    // The card photo waited 20 minutes; the approval gave a new 15-minute window (to 12:35).
    const approvedAt = new Date(at(1200)).toISOString();
    const order = orderFixture({
      expiresAt: new Date(at(1200 + 900)).toISOString(),
      history: [
        { at: CREATED_AT, action: 'created', from: null, to: 'new', actor: 'customer', details: null },
        { at: approvedAt, action: 'card-approve', from: 'new', to: 'new', actor: 'operator', details: null },
      ],
    });
    expect(countdownOf(order, null, at(1200))).to.deep.equal({ secondsLeft: 900, percent: 100 });
    expect(countdownOf(order, null, at(1200 + 450))).to.deep.equal({ secondsLeft: 450, percent: 50 });
  });

  it('has no countdown once no timer runs, and stops at zero', () => {
    expect(countdownOf(orderFixture({ expiresAt: null }), null, at(0))).to.equal(null);
    expect(countdownOf(orderFixture(), null, at(2000))).to.deep.equal({ secondsLeft: 0, percent: 0 });
  });
});
