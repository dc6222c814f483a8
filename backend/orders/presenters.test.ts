import { expect } from 'chai';
import type { OrderStatus } from '../../common/enums';
import type { CardCheck } from '../../common/orders';
import { Sequelize } from 'sequelize';
import { initModels } from '../models';
import { paymentWindowRuns as timerRuns } from '../../common/orderRules';
import { orderStep, presentOrder } from './presenters';
import type { OrderView } from './view';

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

  it('runs the timer only for a new order not marked paid, and not while its card photo waits for review', () => {
    expect(timerRuns(state({}))).to.equal(true);
    expect(timerRuns(state({ paidAt: new Date() }))).to.equal(false);
    expect(timerRuns(state({ status: 'hold' }))).to.equal(false);
    expect(timerRuns(state({ expiresAt: null }))).to.equal(false);
    expect(timerRuns(state({ cardCheck: 'pending' }))).to.equal(false);
  });
});

describe('presentOrder of a fresh order', () => {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
  const { Order, OrderEvent } = initModels(sequelize);
  after(() => sequelize.close());

  const now = new Date('2026-11-24T10:00:00.678Z');
  const window = new Date(now.getTime() + 30 * 60_000);
  /** The fields createOrder gives a new order (what `create` answers holds only these and the defaults). */
  const fields = {
    id: 7,
    uid: 'ABCDEFGHJK',
    secretHash: 'f'.repeat(64),
    secretSealed: 'sealed',
    userId: null,
    lang: 'en',
    email: 'a@example.test',
    fromCode: 'BTC',
    toCode: 'SBERRUB',
    rateType: 'fixed',
    rate: '100',
    amountSend: '1',
    amountReceive: '100',
    rateLockedUntil: window,
    expiresAt: window,
    status: 'new',
    manual: false,
    cardCheck: 'not_required',
    senderAccount: null,
    receiverAccount: '4111111111111111',
    extra: {},
    comment: null,
    ref: null,
    createdAt: now,
    updatedAt: now,
  } as const;

  function freshView(): OrderView {
    const order = Order.build(fields);
    const event = OrderEvent.build({ id: 1, orderId: 7, action: 'created', fromStatus: null, toStatus: 'new', actor: 'customer', actorUserId: null, actorName: null, details: null, createdAt: now });
    return { order, from: null, to: null, payTo: null, events: [event] };
  }

  it('has no receipt, no funds, no exception, no delete reason and no refund address', () => {
    expect(presentOrder(freshView())).to.include({
      receiptUploaded: false,
      receivedAmount: null,
      receivedAt: null,
      exception: null,
      deleteReason: null,
      refundAddress: null,
      paidAt: null,
      confirmedAt: null,
    });
  });

  it('leaves no field undefined (JSON would drop it) and gives moments in whole seconds, as the database keeps them', () => {
    const dto = presentOrder(freshView());
    expect(Object.entries(dto).filter(([, value]) => value === undefined).map(([key]) => key)).to.deep.equal([]);
    expect(dto.createdAt).to.equal('2026-11-24T10:00:00.000Z');
    expect(dto.expiresAt).to.equal('2026-11-24T10:30:00.000Z');
    expect(dto.history[0]?.at).to.equal('2026-11-24T10:00:00.000Z');
  });

  it('builds every nullable order attribute as null, like a row read back', () => {
    const { order } = freshView();
    const nullable = Object.entries(Order.getAttributes()).filter(([, attribute]) => attribute.allowNull === true);
    expect(nullable.length).to.be.at.least(10);
    for (const [name] of nullable) {
      if (!(name in fields)) expect(order.get(name as keyof typeof order), name).to.equal(null);
    }
  });
});
