import { expect } from 'chai';
import type { PartnerOrderDto, PartnerQuoteDto } from '../../common/partnerApi';
import { PARTNER_API_ERRORS, PARTNER_API_METHODS } from '../../common/partnerApi';
import { signedInAs } from '../console/testing';
import { buildDirection, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { createApiKey, nextTime, signedCall } from './testing';

/**
 * The methods through the real signed call (backend/api.ts signedApiRoutes joins ping and the
 * domain methods): every method of the contract answers, an order made with a key is its owner's
 * (history and partner table), errors keep the contract's codes.
 */
describe('the partner API methods over the signed call', function () {
  this.timeout(120_000);
  let server: TestServer;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '6000' } });
  });

  after(async () => {
    await server.close();
  });

  it('answers every method of the contract; an order made with the key shows in the owner’s history and partner table', async () => {
    const owner = await signedInAs(server, 'user');
    const key = await createApiKey(owner);
    const call = (method: string, body: Record<string, unknown> = {}) => signedCall(server, key, method, { ...body, time: nextTime() });

    for (const method of PARTNER_API_METHODS) {
      const answer = await call(method);
      expect(answer.body.error?.code ?? null, method).to.not.equal('unknown_method');
    }
    expect((await call('withdraw_create', { currency: 'USDT', amount: '1', account: 'x' })).body.error?.code).to.equal('withdrawals_not_allowed');

    const quote = await call('rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1' });
    expect(quote.status, JSON.stringify(quote.body)).to.equal(200);
    expect((quote.body.data as PartnerQuoteDto).quoteId).to.be.a('string');

    const params = { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1', email: 'client@example.test', receiverAccount: '4111111111111111', externalId: 'partner-order-1' };
    const made = await call('order_create', params);
    expect(made.status, JSON.stringify(made.body)).to.equal(200);
    const { uid } = made.body.data as PartnerOrderDto;
    const again = await call('order_create', params);
    expect((again.body.data as PartnerOrderDto).uid).to.equal(uid);
    expect(((await call('order_get', { uid })).body.data as PartnerOrderDto).uid).to.equal(uid);

    const history = await owner.get('/user/exchanges');
    expect(history.status, JSON.stringify(history.body)).to.equal(200);
    expect(history.body.data.rows.map((item: { uid: string }) => item.uid)).to.include(uid);
    const partnerTable = await owner.get('/user/partner/exchanges');
    expect(partnerTable.body.data.items.map((item: { uid: string }) => item.uid)).to.include(uid);

    const below = await call('order_create', { ...params, externalId: 'partner-order-2', amountSend: '0.001' });
    expect(below.status).to.equal(422);
    expect(below.body.error?.code).to.equal('below_minimum');
    const missing = await call('order_get', { uid: 'NOSUCHORDER1' });
    expect(missing.body.error?.code).to.equal('order_not_found');
    const invalid = await call('rate', { from: direction.from });
    expect(invalid.status).to.equal(400);
    expect(invalid.body.error?.code).to.equal('validation_error');
  });

  it('serves the OpenAPI 3.1 document of exactly the methods the signed call runs, their fields from their own schemas', async () => {
    const answer = await fetch(`${server.url}/api/service/api/v1/openapi.json`);
    expect(answer.status).to.equal(200);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { required: string[]; properties: Record<string, unknown> } } } }; 'x-errors': string[] } }> };
    expect(document.openapi).to.equal('3.1.0');
    expect(Object.keys(document.paths)).to.have.members(PARTNER_API_METHODS.map((method) => `/${method}`));
    const rate = document.paths['/rate']!.post;
    const body = rate.requestBody.content['application/json'].schema;
    expect(body.required).to.include.members(['time', 'from', 'to']);
    expect(Object.keys(body.properties)).to.include.members(['amountSend', 'amountReceive', 'rateType']);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const code of item.post['x-errors']) expect(PARTNER_API_ERRORS, `${path} ${code}`).to.include(code);
    }
    const orderGet = document.paths['/order_get']!.post.requestBody.content['application/json'].schema;
    expect(orderGet.required).to.deep.equal(['time', 'uid']);
  });
});
