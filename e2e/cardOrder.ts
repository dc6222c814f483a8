import { expect } from 'chai';
import type { CreateOrderResponse } from '../common/orders';
import { TestClient, uniqueEmail } from '../backend/accounts/testing';

const RATES_WAIT_MS = 20_000;

/**
 * A card → coin order (SBERRUB → BTC) made through the API at the direction's smallest amount,
 * once the worker has priced the direction; confirmed when asked. `label` starts its e-mail.
 */
export async function createCardOrder(serverUrl: string, label: string, confirm = false): Promise<CreateOrderResponse> {
  const client = new TestClient(serverUrl);
  const deadline = Date.now() + RATES_WAIT_MS;
  let quote = await client.get('/rates/SBERRUB/BTC');
  while (quote.status !== 200) {
    if (Date.now() > deadline) throw new Error(`no SBERRUB → BTC rate: ${JSON.stringify(quote.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    quote = await client.get('/rates/SBERRUB/BTC');
  }
  const response = await client.post('/orders', {
    from: 'SBERRUB',
    to: 'BTC',
    amountSend: quote.body.data.rate.min,
    rateType: 'fixed',
    email: uniqueEmail(label),
    senderAccount: '4111111111111111',
    receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    extra: { cardHolder: 'IVAN PETROV' },
    agreeTerms: true,
  });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  const order = response.body.data as CreateOrderResponse;
  if (confirm) {
    const answer = await client.post(`/orders/${order.uid}/${order.secret}/confirm`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  }
  return order;
}
