import { expect } from 'chai';
import fc from 'fast-check';
import { ORDER_STATUSES } from '../../common/enums';
import { CARD_CHECKS, CUSTOMER_ACTIONS, DELETE_REASONS, OPERATOR_ACTIONS, type CustomerAction, type OrderDto } from '../../common/orders';
import { customerMay, operatorActions } from '../../frontend/src/orders/status';
import { buildUser, TestClient } from '../accounts/testing';
import { initModels, type Order } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import { attachCardPhoto, attachReceipt, cancelOrder, confirmOrder, markOrderPaid, setRefundAddress } from './customerActions';
import type { OrdersContext } from './context';
import { InvalidTransition, ReceiptAlreadyUploaded } from './errors';
import { runOperatorAction } from './operatorActions';
import { buildDirection, buildOrder, testOrdersContext } from './testing';

const MINUTE = 60_000;
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/** Any combination of the facts the status table looks at, as row attributes. */
const rowFacts = fc
  .record({
    status: fc.constantFrom(...ORDER_STATUSES),
    deleteReason: fc.constantFrom(null, ...DELETE_REASONS),
    confirmed: fc.boolean(),
    paid: fc.boolean(),
    funds: fc.boolean(),
    cardCheck: fc.constantFrom(...CARD_CHECKS),
    receipt: fc.boolean(),
    // What a review made of the receipt: kept and pending or approved; a rejected one is gone.
    receiptReview: fc.constantFrom('pending', 'approved', 'rejected'),
    window: fc.constantFrom('none', 'passed', 'running'),
  })
  .map((facts) => {
    const now = Date.now();
    return {
      status: facts.status,
      deleteReason: facts.deleteReason,
      confirmedAt: facts.confirmed ? new Date(now - MINUTE) : null,
      paidAt: facts.paid ? new Date(now - MINUTE) : null,
      receivedAmount: facts.funds ? '1' : null,
      receivedAt: facts.funds ? new Date(now - MINUTE) : null,
      cardCheck: facts.cardCheck,
      receiptKey: facts.receipt && facts.receiptReview !== 'rejected' ? 'receipt/kept.png' : null,
      // Written every time: a command of the previous run (the receipt upload) leaves it changed.
      receiptCheck: facts.receipt ? facts.receiptReview : 'none',
      expiresAt: facts.window === 'none' ? null : new Date(now + (facts.window === 'passed' ? -10 : 10) * MINUTE),
      exception: null,
      refundAddress: null,
    };
  });

/** The customer's command for `action`, as its route runs it (the upload's file already stored). */
function customerCommand(ctx: OrdersContext, action: CustomerAction, order: Order): Promise<unknown> {
  switch (action) {
    case 'confirm':
      return confirmOrder(ctx, { order });
    case 'card-photo':
      return attachCardPhoto(ctx, { order, key: 'card/new.png' });
    case 'receipt':
      return attachReceipt(ctx, { order, key: 'receipt/new.png' });
    case 'paid':
      return markOrderPaid(ctx, { order });
    case 'cancel':
      return cancelOrder(ctx, { order });
    case 'refund-address':
      return setRefundAddress(ctx, { order, address: ADDRESS, t: (key) => key });
  }
}

/** Whether the command went through; a refusal by state is false, any other failure fails the test. */
async function accepted(command: () => Promise<unknown>): Promise<boolean> {
  try {
    await command();
    return true;
  } catch (error) {
    if (error instanceof InvalidTransition || error instanceof ReceiptAlreadyUploaded) return false;
    throw error;
  }
}

describe('order status table: the pages offer exactly what the commands accept', function () {
  this.timeout(180_000);
  let server: TestServer;
  let ctx: OrdersContext;
  let operator: { id: number; email: string };

  before(async () => {
    server = await startTestServer();
    ctx = testOrdersContext(server);
    const { user } = await buildUser(server.db.sequelize, { role: 'operator' });
    operator = { id: user.id, email: user.email };
  });

  after(async () => {
    await server.close();
  });

  it('for random order facts, every customer and operator action', async () => {
    const direction = await buildDirection(server, { rate: '100', to: { type: 'fiat', precision: 2 } });
    const { order, secret } = await buildOrder(server, { direction });
    const { Order: Orders } = initModels(server.db.sequelize);
    const client = new TestClient(server.url);
    /** The order with `facts` written again (each command changes it), read fresh. */
    const reset = async (facts: Record<string, unknown>): Promise<Order> => {
      await Orders.update(facts as never, { where: { id: order.id } });
      return (await Orders.findByPk(order.id))!;
    };

    await fc.assert(
      fc.asyncProperty(rowFacts, async (facts) => {
        await reset(facts);
        const answer = await client.get(`/orders/${order.uid}/${secret}`);
        expect(answer.status).to.equal(200);
        const dto = answer.body.data as OrderDto;
        const offered = { customer: CUSTOMER_ACTIONS.filter((action) => customerMay(dto, action)), operator: operatorActions(dto) };
        const taken: typeof offered = { customer: [], operator: [] };
        for (const action of CUSTOMER_ACTIONS) {
          const row = await reset(facts);
          if (await accepted(() => customerCommand(ctx, action, row))) taken.customer.push(action);
        }
        for (const action of OPERATOR_ACTIONS) {
          const row = await reset(facts);
          const props = { order: row, operator, amount: row.amountSend, address: ADDRESS, minutes: 30, reason: 'chargeback', t: (key: string) => key };
          if (await accepted(() => runOperatorAction(ctx, action, props))) taken.operator.push(action);
        }
        expect(offered, JSON.stringify(facts)).to.deep.equal(taken);
      }),
      { numRuns: Number(process.env.ORDER_RULES_RUNS ?? 100) },
    );
  });
});
