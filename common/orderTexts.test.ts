import { expect } from 'chai';
import type { OrderDto } from './orders';
import { stepHeading, statusKey, statusTone } from './orderTexts';

type Facts = Parameters<typeof stepHeading>[0];
const order = (facts: Partial<Facts>): Facts => ({ step: 'confirm', status: 'new', deleteReason: null, exception: null, paidAt: null, payment: null, ...facts });
const payment = { amount: '1', account: 'acc', memo: null, note: null, qr: 'acc' } as unknown as OrderDto['payment'];

describe('the order page’s first lines (common/orderTexts.ts)', () => {
  it('names each step’s title and first paragraph', () => {
    expect(stepHeading(order({ step: 'confirm' }))).to.deep.equal({ title: 'order.confirm.title', text: 'order.confirm.text' });
    expect(stepHeading(order({ step: 'verify_card' }))).to.deep.equal({ title: 'order.card.title', text: 'order.card.text' });
    expect(stepHeading(order({ step: 'pay', payment }))).to.deep.equal({ title: 'order.pay.title', text: 'order.pay.text' });
    // Without payment details the pay step opens with its notice, not the paragraph.
    expect(stepHeading(order({ step: 'pay' }))).to.deep.equal({ title: 'order.pay.title', text: null });
  });

  it('says where a processing or finished order stands, by its status', () => {
    expect(stepHeading(order({ step: 'processing', status: 'new', paidAt: '2026-11-29T00:00:00.000Z' }))).to.deep.equal({ title: 'order.status.new', text: 'order.pay.paidAt' });
    expect(stepHeading(order({ step: 'processing', status: 'progress' }))).to.deep.equal({ title: 'order.status.progress', text: 'order.processing.text' });
    expect(stepHeading(order({ step: 'processing', status: 'warning', exception: 'underpaid' })).text).to.equal('order.processing.underpaid');
    // Held, or a payment problem: what to do (support), not "we are processing".
    expect(stepHeading(order({ step: 'processing', status: 'hold', paidAt: '2026-11-29T00:00:00.000Z' })).text).to.equal('order.processing.hold');
    expect(stepHeading(order({ step: 'processing', status: 'warning' })).text).to.equal('order.processing.problem');
    expect(stepHeading(order({ step: 'processing', status: 'error' })).text).to.equal('order.processing.problem');
    expect(stepHeading(order({ step: 'finished', status: 'done' }))).to.deep.equal({ title: 'order.status.done', text: 'order.finished.done' });
    expect(stepHeading(order({ step: 'finished', status: 'deleted', deleteReason: 'expired' }))).to.deep.equal({ title: 'order.status.expired', text: 'order.finished.expired' });
  });

  it('labels and tones the status badge', () => {
    expect(statusKey({ status: 'deleted', deleteReason: 'expired' })).to.equal('order.status.expired');
    expect(statusKey({ status: 'deleted', deleteReason: 'cancelled' })).to.equal('order.status.deleted');
    expect(statusTone('new')).to.equal('info');
    expect(statusTone('done')).to.equal('success');
    expect(statusTone('error')).to.equal('danger');
  });
});
