import { expect } from 'chai';
import { canCancel, needsRefundAddress, operatorActions, statusKey, visibleSteps } from './status';
import { operatorOrderFixture, orderFixture } from './testing/fixtures';

describe('order status helpers', () => {
  it('names an expired order apart from a closed one', () => {
    expect(statusKey({ status: 'deleted', deleteReason: 'expired' })).to.equal('order.status.expired');
    expect(statusKey({ status: 'deleted', deleteReason: 'closed' })).to.equal('order.status.deleted');
    expect(statusKey({ status: 'progress', deleteReason: null })).to.equal('order.status.progress');
  });

  it('shows the card step only to orders that need a card check', () => {
    expect(visibleSteps({ cardCheck: 'required' })).to.deep.equal(['confirm', 'verify_card', 'pay', 'processing', 'finished']);
    expect(visibleSteps({ cardCheck: 'not_required' })).to.deep.equal(['confirm', 'pay', 'processing', 'finished']);
  });

  it('lets the customer cancel while nothing is paid', () => {
    expect(canCancel(orderFixture())).to.equal(true);
    expect(canCancel(orderFixture({ paidAt: '2026-11-21T12:05:00.000Z' }))).to.equal(false);
    expect(canCancel(orderFixture({ status: 'progress', receivedAmount: '356000.01' }))).to.equal(false);
  });

  it('asks for a refund address on a payment issue with funds received', () => {
    expect(needsRefundAddress(orderFixture({ status: 'warning', receivedAmount: '100' }))).to.equal(true);
    expect(needsRefundAddress(orderFixture({ status: 'warning', receivedAmount: null }))).to.equal(false);
    expect(needsRefundAddress(orderFixture({ status: 'progress', receivedAmount: '100' }))).to.equal(false);
  });
});

describe('operator actions offered', () => {
  it('offers a new order funds received, hold, warning, error, delete and extend', () => {
    expect(operatorActions(operatorOrderFixture({ cardCheck: 'required' }))).to.deep.equal([
      'received',
      'hold',
      'warning',
      'error',
      'delete',
      'extend',
    ]);
  });

  it('offers the card verdict only while a photo waits for it', () => {
    expect(operatorActions(operatorOrderFixture({ cardCheck: 'pending' }))).to.include.members(['card-approve', 'card-reject']);
    expect(operatorActions(operatorOrderFixture({ cardCheck: 'approved' }))).not.to.include('card-approve');
  });

  it('offers done, hold, warning, error and return once funds arrived', () => {
    expect(operatorActions(operatorOrderFixture({ status: 'progress', receivedAmount: '356000.01' }))).to.deep.equal([
      'done',
      'hold',
      'warning',
      'error',
      'return',
    ]);
  });

  it('offers recalculation and return of a payment issue only with funds in it', () => {
    const warning = operatorOrderFixture({ status: 'warning', receivedAmount: '300000', exception: 'underpaid' });
    expect(operatorActions(warning)).to.include.members(['recalculate', 'return']);
    expect(operatorActions({ ...warning, receivedAmount: null })).not.to.include.members(['recalculate', 'return']);
  });

  it('revives an expired order only, and offers nothing on a finished one but the reversal of a done one', () => {
    expect(operatorActions(operatorOrderFixture({ status: 'deleted', deleteReason: 'expired' }))).to.deep.equal(['received', 'extend']);
    expect(operatorActions(operatorOrderFixture({ status: 'deleted', deleteReason: 'cancelled' }))).to.deep.equal([]);
    expect(operatorActions(operatorOrderFixture({ status: 'returned', receivedAmount: '1' }))).to.deep.equal([]);
    // `reverse` is the admins' (the drawer hides it from operators: ADMIN_OPERATOR_ACTIONS).
    expect(operatorActions(operatorOrderFixture({ status: 'done', receivedAmount: '1' }))).to.deep.equal(['reverse']);
  });
});
