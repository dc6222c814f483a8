import { expect } from 'chai';
import type { OrderStatus } from '../../common/enums';
import type { CardCheck } from '../../common/orders';
import { orderStep, timerRuns } from './presenters';

function state(overrides: { status?: OrderStatus; paidAt?: Date | null; confirmedAt?: Date | null; cardCheck?: CardCheck; expiresAt?: Date | null }) {
  return { status: 'new' as OrderStatus, paidAt: null, confirmedAt: null, cardCheck: 'not_required' as CardCheck, expiresAt: new Date(), ...overrides };
}

describe('order step and timer', () => {
  const confirmed = new Date();

  it('confirm → verify_card → pay for a new order as it is confirmed and its card cleared', () => {
    expect(orderStep(state({ cardCheck: 'required' }))).to.equal('confirm');
    for (const cardCheck of ['required', 'pending', 'rejected'] as const) {
      expect(orderStep(state({ confirmedAt: confirmed, cardCheck }))).to.equal('verify_card');
    }
    for (const cardCheck of ['not_required', 'approved'] as const) {
      expect(orderStep(state({ confirmedAt: confirmed, cardCheck }))).to.equal('pay');
    }
  });

  it('processing once paid or in the operator’s hands; finished when closed', () => {
    expect(orderStep(state({ confirmedAt: confirmed, paidAt: new Date() }))).to.equal('processing');
    for (const status of ['progress', 'hold', 'warning', 'error'] as const) expect(orderStep(state({ status }))).to.equal('processing');
    for (const status of ['done', 'returned', 'deleted'] as const) expect(orderStep(state({ status, paidAt: new Date() }))).to.equal('finished');
  });

  it('runs the timer only for a new order not marked paid', () => {
    expect(timerRuns(state({}))).to.equal(true);
    expect(timerRuns(state({ paidAt: new Date() }))).to.equal(false);
    expect(timerRuns(state({ status: 'hold' }))).to.equal(false);
    expect(timerRuns(state({ expiresAt: null }))).to.equal(false);
  });
});
