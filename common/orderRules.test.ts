import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ORDER_STATUSES, type OrderStatus } from './enums';
import { allowedActions, dtoFacts, finishedAs, isExpired, paymentWindowRuns, transition, type OrderFacts, type OrderRuleAction } from './orderRules';

const BASE: OrderFacts = {
  status: 'new',
  deleteReason: null,
  confirmed: false,
  paid: false,
  fundsReceived: false,
  cardCheck: 'not_required',
  receiptUploaded: false,
  receiptCheck: 'none',
  overdue: false,
};

/**
 * Every action with the facts it needs beyond the status, the statuses it is accepted from with
 * them, and where it leads (`same`: the status stays). The spec of the table, written out apart
 * from it: the server's commands as they were before the table (customerActions.ts,
 * operatorActions.ts, expireOrders.ts).
 */
const SPEC: Record<OrderRuleAction, { facts: Partial<OrderFacts>; from: OrderStatus[]; to: Partial<Record<OrderStatus, OrderStatus[]>> | 'same' }> = {
  confirm: { facts: {}, from: ['new'], to: 'same' },
  'card-photo': { facts: { cardCheck: 'required' }, from: ['new', 'hold'], to: 'same' },
  receipt: { facts: { confirmed: true }, from: ['new', 'progress', 'hold', 'warning', 'error'], to: 'same' },
  paid: { facts: { confirmed: true, cardCheck: 'approved' }, from: ['new'], to: 'same' },
  cancel: { facts: {}, from: ['new'], to: { new: ['deleted'] } },
  'refund-address': { facts: { fundsReceived: true }, from: ['hold', 'warning', 'error'], to: 'same' },
  received: {
    facts: { deleteReason: 'expired' },
    from: ['new', 'hold', 'deleted'],
    to: { new: ['progress', 'warning'], hold: ['progress', 'warning'], deleted: ['warning'] },
  },
  done: { facts: { fundsReceived: true }, from: ['progress', 'hold'], to: { progress: ['done'], hold: ['done'] } },
  hold: { facts: {}, from: ['new', 'progress', 'warning', 'error'], to: { new: ['hold'], progress: ['hold'], warning: ['hold'], error: ['hold'] } },
  warning: { facts: {}, from: ['new', 'progress', 'hold'], to: { new: ['warning'], progress: ['warning'], hold: ['warning'] } },
  error: { facts: {}, from: ['new', 'progress', 'hold', 'warning'], to: { new: ['error'], progress: ['error'], hold: ['error'], warning: ['error'] } },
  return: {
    facts: { fundsReceived: true },
    from: ['progress', 'hold', 'warning', 'error'],
    to: { progress: ['returned'], hold: ['returned'], warning: ['returned'], error: ['returned'] },
  },
  delete: { facts: {}, from: ['new', 'hold', 'warning', 'error'], to: { new: ['deleted'], hold: ['deleted'], warning: ['deleted'], error: ['deleted'] } },
  extend: { facts: { deleteReason: 'expired' }, from: ['new', 'hold', 'deleted'], to: { new: ['new'], hold: ['hold'], deleted: ['new'] } },
  'card-approve': { facts: { cardCheck: 'pending' }, from: ['new', 'hold'], to: 'same' },
  'card-reject': { facts: { cardCheck: 'pending' }, from: ['new', 'hold'], to: 'same' },
  recalculate: { facts: { fundsReceived: true }, from: ['warning', 'error', 'hold'], to: { warning: ['progress'], error: ['progress'], hold: ['progress'] } },
  reverse: { facts: {}, from: ['done'], to: { done: ['returned'] } },
  'receipt-approve': { facts: { receiptCheck: 'pending', receiptUploaded: true }, from: ['new', 'progress', 'hold', 'warning', 'error'], to: 'same' },
  'receipt-reject': { facts: { receiptCheck: 'pending', receiptUploaded: true }, from: ['new', 'progress', 'hold', 'warning', 'error'], to: 'same' },
  expire: { facts: { overdue: true }, from: ['new'], to: { new: ['deleted'] } },
};

/** One fact changed makes the action refused (from a status it is otherwise accepted in). */
const REFUSED_WHEN: [OrderRuleAction, OrderStatus, Partial<OrderFacts>][] = [
  ['confirm', 'new', { confirmed: true }],
  ['card-photo', 'new', { cardCheck: 'pending' }],
  ['card-photo', 'new', { cardCheck: 'approved' }],
  ['card-photo', 'hold', { cardCheck: 'not_required' }],
  ['receipt', 'new', { confirmed: false }],
  ['received', 'new', { receiptCheck: 'pending' }],
  ['receipt-approve', 'new', { receiptCheck: 'approved' }],
  ['receipt-reject', 'hold', { receiptCheck: 'none' }],
  ['paid', 'new', { paid: true }],
  ['paid', 'new', { confirmed: false }],
  ['paid', 'new', { cardCheck: 'required' }],
  ['paid', 'new', { cardCheck: 'pending' }],
  ['paid', 'new', { cardCheck: 'rejected' }],
  ['cancel', 'new', { paid: true }],
  ['cancel', 'new', { fundsReceived: true }],
  ['refund-address', 'warning', { fundsReceived: false }],
  ['received', 'new', { fundsReceived: true }],
  ['received', 'hold', { fundsReceived: true }],
  ['received', 'deleted', { deleteReason: 'cancelled' }],
  ['received', 'deleted', { deleteReason: 'closed' }],
  ['done', 'hold', { fundsReceived: false }],
  ['return', 'progress', { fundsReceived: false }],
  ['extend', 'deleted', { deleteReason: 'cancelled' }],
  ['extend', 'deleted', { deleteReason: 'closed' }],
  ['card-approve', 'new', { cardCheck: 'required' }],
  ['card-reject', 'hold', { cardCheck: 'approved' }],
  ['recalculate', 'warning', { fundsReceived: false }],
  ['expire', 'new', { overdue: false }],
  ['expire', 'new', { paid: true }],
  ['expire', 'new', { overdue: true, cardCheck: 'pending' }],
];

describe('order status table', () => {
  for (const [action, spec] of Object.entries(SPEC) as [OrderRuleAction, (typeof SPEC)[OrderRuleAction]][]) {
    it(`${action}: accepted from ${spec.from.join(', ')} only, leading where it should`, () => {
      for (const status of ORDER_STATUSES) {
        const answer = transition({ ...BASE, ...spec.facts, status }, action);
        if (!spec.from.includes(status)) {
          expect(answer, `${action} from ${status}`).to.deep.equal({ ok: false, code: 'invalid_transition' });
          continue;
        }
        const to = spec.to === 'same' ? [status] : spec.to[status];
        expect(answer, `${action} from ${status}`).to.deep.equal({ ok: true, to });
      }
    });
  }

  it('refuses an action when one fact beyond the status is missing', () => {
    for (const [action, status, change] of REFUSED_WHEN) {
      const facts = { ...BASE, ...SPEC[action].facts, status, ...change };
      expect(transition(facts, action), `${action} from ${status} with ${JSON.stringify(change)}`).to.deep.equal({
        ok: false,
        code: 'invalid_transition',
      });
    }
  });

  it('answers a second receipt with its own code, whatever the status', () => {
    for (const status of ORDER_STATUSES) {
      expect(transition({ ...BASE, status, confirmed: true, receiptUploaded: true }, 'receipt')).to.deep.equal({
        ok: false,
        code: 'receipt_already_uploaded',
      });
    }
  });

  it('lists the allowed actions of each side in the order of their action lists', () => {
    const pending = { ...BASE, cardCheck: 'pending' as const };
    expect(allowedActions(pending, 'operator')).to.deep.equal(['received', 'hold', 'warning', 'error', 'delete', 'extend', 'card-approve', 'card-reject']);
    expect(allowedActions(pending, 'customer')).to.deep.equal(['confirm', 'cancel']);
    const paying = { ...BASE, confirmed: true, cardCheck: 'approved' as const };
    expect(allowedActions(paying, 'customer')).to.deep.equal(['receipt', 'paid', 'cancel']);
    expect(allowedActions({ ...BASE, status: 'done', fundsReceived: true }, 'operator')).to.deep.equal(['reverse']);
    expect(allowedActions({ ...BASE, status: 'returned', fundsReceived: true }, 'operator')).to.deep.equal([]);
  });

  it("reads the facts from the pages' OrderDto (a window that ended is overdue)", () => {
    const dto = {
      status: 'new' as const,
      deleteReason: null,
      confirmedAt: '2026-11-21T12:01:00.000Z',
      paidAt: null,
      receivedAmount: '1.5',
      cardCheck: 'approved' as const,
      receiptUploaded: true,
      receiptCheck: 'approved' as const,
      expiresAt: '2026-11-21T12:15:00.000Z',
    };
    const before = Date.parse('2026-11-21T12:14:59.000Z');
    expect(dtoFacts(dto, before)).to.deep.equal({ ...BASE, confirmed: true, fundsReceived: true, cardCheck: 'approved', receiptUploaded: true, receiptCheck: 'approved' });
    expect(dtoFacts(dto, Date.parse('2026-11-21T12:15:01.000Z')).overdue).to.equal(true);
    expect(dtoFacts({ ...dto, expiresAt: null }, Date.parse('2030-01-01T00:00:00.000Z')).overdue).to.equal(false);
  });
});

describe('the status table as the only reader of order statuses', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));

  it('is the only production code that compares an order’s status (everything else asks it)', () => {
    const files = execFileSync('git', ['ls-files', 'backend', 'frontend/src', 'common'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/testing\/|^backend\/test\//.test(file) && file !== 'common/orderRules.ts');
    expect(files.length).to.be.greaterThan(100);
    const comparisons = files.flatMap((file) =>
      readFileSync(`${ROOT}${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\b(order|facts|dto|row|o)\.status\s*(===|!==|==|!=)|\.includes\((order|facts|dto|row)\.status\)/.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(comparisons).to.deep.equal([]);
  });

  it('tells how a finished order ended and whether its payment window runs', () => {
    expect(finishedAs({ status: 'done', deleteReason: null })).to.equal('done');
    expect(finishedAs({ status: 'returned', deleteReason: null })).to.equal('returned');
    expect(finishedAs({ status: 'deleted', deleteReason: 'expired' })).to.equal('expired');
    expect(finishedAs({ status: 'deleted', deleteReason: 'cancelled' })).to.equal('deleted');
    expect(isExpired({ status: 'deleted', deleteReason: 'closed' })).to.equal(false);
    const window = { status: 'new', paidAt: null, expiresAt: new Date(), cardCheck: 'not_required' } as const;
    expect(paymentWindowRuns(window)).to.equal(true);
    expect(paymentWindowRuns({ ...window, paidAt: new Date() })).to.equal(false);
    expect(paymentWindowRuns({ ...window, status: 'progress' })).to.equal(false);
    // It stands still while the card photo waits for its review, and runs again after it.
    expect(paymentWindowRuns({ ...window, cardCheck: 'pending' })).to.equal(false);
    expect(paymentWindowRuns({ ...window, cardCheck: 'approved' })).to.equal(true);
  });
});
