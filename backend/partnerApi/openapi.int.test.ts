import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { PARTNER_API_CALLS_PER_MINUTE, PARTNER_API_ERRORS, PARTNER_API_METHODS, type CreatedApiKey, type PartnerOrderDto, type PartnerQuoteDto } from '../../common/partnerApi';
import { signedInAs } from '../console/testing';
import { accrueReward } from '../ledger/referral';
import { readMinPayout } from '../referral/settings';
import { initModels } from '../models';
import { buildDirection, type TestDirection } from '../orders/testing';
import { writeTransaction } from '../platform/db/transaction';
import { startTestServer, type TestServer } from '../test/server';
import { createApiKey, nextTime, signedCall, type SignedCallAnswer, type SignedCallOptions } from './testing';
import { validateJson } from './testing/jsonSchema';

type Schema = Record<string, unknown>;
interface Operation {
  summary: string;
  requestBody: { content: { 'application/json': { schema: { properties: Record<string, { description?: string }> } } } };
  responses: { '200': { content: { 'application/json': { schema: Schema; example: unknown } } } };
  'x-errors': string[];
}
interface OpenApi {
  paths: Record<string, { post: Operation }>;
  'x-error-codes': Record<string, { status: number; description: string }>;
}

/**
 * The OpenAPI document against the implementation, over real signed calls on a real server: every
 * method's real answer validates against its documented 200 schema both ways (nothing answered
 * undocumented — every object is closed —, every required field there with its type, enums held),
 * each example against its own schema, and every refusal driven here answers a code (and status)
 * the document lists for that method.
 */
describe('the partner API OpenAPI document checked against real answers (openapi.json)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let direction: TestDirection;
  let document: OpenApi;
  const answered = new Set<string>();
  /** method → the codes it was seen to answer (with the status). */
  const refusals: { method: string; code: string; status: number }[] = [];

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '6000' }, extraFields: [{ name: 'memo', required: false, pattern: '^\\d{1,10}$' }] });
    const response = await fetch(`${server.url}/api/service/api/v1/openapi.json`);
    expect(response.status).to.equal(200);
    document = (await response.json()) as OpenApi;
  });

  after(async () => {
    await server.close();
  });

  const operation = (method: string) => document.paths[`/${method}`]!.post;

  /** A signed call; a success is validated against the method's documented answer, a refusal recorded. */
  async function call(key: CreatedApiKey, method: string, body: Record<string, unknown> = {}, options: SignedCallOptions = {}): Promise<SignedCallAnswer> {
    const answer = await signedCall(server, key, method, { ...body, time: body.time ?? nextTime() }, options);
    if (answer.body.success) {
      const { schema } = operation(method).responses['200'].content['application/json'];
      expect(validateJson(schema, answer.body), `${method} answer ${JSON.stringify(answer.body.data).slice(0, 400)}`).to.deep.equal([]);
      answered.add(method);
    } else {
      refusals.push({ method, code: answer.body.error!.code, status: answer.status });
    }
    return answer;
  }

  async function ok<T>(key: CreatedApiKey, method: string, body: Record<string, unknown> = {}): Promise<T> {
    const answer = await call(key, method, body);
    expect(answer.status, `${method} ${JSON.stringify(answer.body)}`).to.equal(200);
    return answer.body.data as T;
  }

  async function refused(key: CreatedApiKey, method: string, body: Record<string, unknown>, code: string, options: SignedCallOptions = {}): Promise<void> {
    const answer = await call(key, method, body, options);
    expect(answer.body.error?.code, `${method} ${JSON.stringify(answer.body)}`).to.equal(code);
  }

  it('answers every method as documented, nothing more and nothing less', async () => {
    const owner = await signedInAs(server, 'user', { twoFactorEnabled: true });
    const key = await createApiKey(owner);
    const models = initModels(server.db.sequelize);
    await models.ApiKey.update({ allowWithdrawals: true }, { where: { publicKey: key.apiKey } });

    await ok(key, 'ping');
    await ok(key, 'currencies');
    await ok(key, 'directions');
    await ok(key, 'directions', { from: direction.from });
    const quote = await ok<PartnerQuoteDto>(key, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '2' });
    await ok(key, 'rate', { from: direction.from, to: direction.to, rateType: 'float', amountReceive: '150' });
    const quoted = await ok<PartnerOrderDto>(key, 'order_create', { quoteId: quote.quoteId, email: 'quoted@example.test', receiverAccount: '4111111111111111' });
    const order = { from: direction.from, to: direction.to, rateType: 'float', amountSend: '1', email: `c-${randomBytes(4).toString('hex')}@example.test`, receiverAccount: '4111111111111111', extra: { memo: '12345' }, comment: 'from the docs test' };
    const made = await ok<PartnerOrderDto>(key, 'order_create', { ...order, externalId: 'docs-1', callbackUrl: 'https://partner.example/hook' });
    await ok(key, 'order_create', { ...order, externalId: 'docs-1', callbackUrl: 'https://partner.example/hook' });
    await ok(key, 'order_get', { uid: made.uid });
    await ok(key, 'order_cancel', { uid: quoted.uid });
    await ok(key, 'order_get', { uid: quoted.uid });
    await ok(key, 'orders_list');
    await ok(key, 'orders_list', { status: 'deleted', from: new Date(Date.now() - 60_000).toISOString() });
    await ok(key, 'partner_info');
    await ok(key, 'partner_orders');

    const currency = `W${randomBytes(4).toString('hex').toUpperCase()}`;
    await models.Asset.create({ code: currency, name: `Test ${currency}`, type: 'coin', currency: 'USDT', network: null, precision: 2, icon: 'test', reserve: '1000000', city: null });
    const withdrawal = { currency, account: 'wallet-address-0001' };
    await refused(key, 'withdraw_create', { ...withdrawal, amount: '0.5' }, 'below_minimum');
    // The refusal names the minimum (the partner's programme setting), not only that there is one.
    const below = await call(key, 'withdraw_create', { ...withdrawal, amount: '0.5' });
    expect(below.status).to.equal(422);
    expect(below.body.error?.message).to.equal(`The minimum withdrawal is ${await readMinPayout(models)} USDT`);
    await refused(key, 'withdraw_create', { ...withdrawal, amount: '20' }, 'insufficient_funds');
    await writeTransaction(server.db.sequelize, (tx) => accrueReward({ sequelize: server.db.sequelize }, tx, { orderId: Date.now() % 1_000_000_000, partnerId: owner.userId, amount: '30', pending: false }));
    await ok(key, 'partner_info');
    await ok(key, 'withdraw_create', { ...withdrawal, amount: '25' });
    const list = await ok<{ items: unknown[] }>(key, 'withdrawals_list');
    expect(list.items).to.have.length(1);

    expect([...answered].sort()).to.deep.equal([...PARTNER_API_METHODS].sort());
  });

  it('answers only the error codes (and statuses) the document lists for each method', async () => {
    const owner = await signedInAs(server, 'user');
    const key = await createApiKey(owner);
    const plain = { from: direction.from, to: direction.to, rateType: 'fixed' };
    const order = { ...plain, email: 'refused@example.test', receiverAccount: '4111111111111111' };

    await refused(key, 'ping', {}, 'bad_signature', { hash: 'f'.repeat(128) });
    await ok(key, 'ping');
    await refused(key, 'ping', { time: 1 }, 'stale_nonce');
    await refused(key, 'rate', { from: direction.from }, 'validation_error');
    await refused(key, 'rate', { ...plain, amountSend: '0.001' }, 'below_minimum');
    await refused(key, 'rate', { ...plain, amountSend: '51' }, 'above_maximum');
    await refused(key, 'rate', { ...plain, to: 'NOSUCH', amountSend: '1' }, 'direction_unavailable');
    const small = await buildDirection(server, { rate: '100', to: { type: 'fiat', reserve: '3000' } });
    await refused(key, 'rate', { from: small.from, to: small.to, rateType: 'fixed', amountSend: '40' }, 'reserve_exceeded');
    await refused(key, 'order_create', { ...order, amountSend: '0.001' }, 'below_minimum');
    await refused(key, 'order_create', { ...order, amountSend: '51' }, 'above_maximum');
    await refused(key, 'order_create', { ...order, to: 'NOSUCH', amountSend: '1' }, 'direction_unavailable');
    await refused(key, 'order_create', { ...order, email: 'not-an-email', amountSend: '1' }, 'validation_error');
    await refused(key, 'order_get', { uid: 'NOSUCHORDER1' }, 'order_not_found');
    await refused(key, 'order_cancel', { uid: 'NOSUCHORDER1' }, 'order_not_found');
    const made = await ok<PartnerOrderDto>(key, 'order_create', { ...order, amountSend: '1' });
    await ok(key, 'order_cancel', { uid: made.uid });
    await refused(key, 'order_cancel', { uid: made.uid }, 'not_cancellable');
    await refused(key, 'orders_list', { status: 'nonsense' }, 'validation_error');
    await refused(key, 'partner_orders', { cursor: 'x' }, 'validation_error');
    await refused(key, 'withdraw_create', { currency: 'USDT', amount: '1', account: 'x' }, 'withdrawals_not_allowed');
    await refused(key, 'withdrawals_list', {}, 'withdrawals_not_allowed');

    const off = await createApiKey(owner);
    expect((await owner.request('PATCH', `/user/api-keys/${off.apiKey}`, { enabled: false })).status).to.equal(200);
    await refused(off, 'currencies', {}, 'key_disabled');
    const fenced = await createApiKey(owner);
    expect((await owner.request('PATCH', `/user/api-keys/${fenced.apiKey}`, { ipAllowList: ['192.0.2.1'] })).status).to.equal(200);
    await refused(fenced, 'partner_info', {}, 'ip_not_allowed');

    // The per-key limit: one call past it.
    const busy = await createApiKey(owner);
    for (let i = 0; i < PARTNER_API_CALLS_PER_MINUTE; i += 1) expect((await signedCall(server, busy, 'ping', { time: nextTime() })).status).to.equal(200);
    await refused(busy, 'ping', {}, 'too_many_requests');

    const unknown = await signedCall(server, key, 'no_such_method', { time: nextTime() });
    expect(unknown.body.error?.code).to.equal('unknown_method');
    refusals.push({ method: '', code: 'unknown_method', status: unknown.status });

    const codes = document['x-error-codes'];
    for (const { method, code, status } of refusals) {
      if (method) expect(operation(method)['x-errors'], `${method} answered ${code}`).to.include(code);
      expect(codes[code], code).to.exist;
      expect(status, `${method} ${code}`).to.equal(codes[code]!.status);
    }
    expect(new Set(refusals.map((refusal) => refusal.code)).size).to.be.at.least(15);
  });

  it('lists every code of the contract with its status and meaning, every method’s example valid against its schema', () => {
    expect(Object.keys(document['x-error-codes'])).to.have.members([...PARTNER_API_ERRORS]);
    for (const [code, { status, description }] of Object.entries(document['x-error-codes'])) {
      expect(status, code).to.be.within(400, 599);
      expect(description, code).to.be.a('string').and.not.equal('');
    }
    for (const [path, { post }] of Object.entries(document.paths)) {
      for (const code of post['x-errors']) expect(PARTNER_API_ERRORS, `${path} ${code}`).to.include(code);
      const { schema, example } = post.responses['200'].content['application/json'];
      expect(validateJson(schema, example), path).to.deep.equal([]);
      for (const [name, field] of Object.entries(post.requestBody.content['application/json'].schema.properties)) expect(field.description, `${path} ${name}`).to.be.a('string').and.not.equal('');
    }
  });

  it('serves the document in Russian with ?lang=ru or the lang header, English otherwise', async () => {
    const get = async (query: string, headers: Record<string, string> = {}) => (await (await fetch(`${server.url}/api/service/api/v1/openapi.json${query}`, { headers })).json()) as OpenApi;
    const ru = await get('?lang=ru');
    const header = await get('', { lang: 'ru' });
    const en = await get('?lang=en', { lang: 'ru' });
    const rate = (doc: OpenApi) => doc.paths['/rate']!.post;
    expect(rate(ru).summary).to.match(/[А-Яа-я]/);
    expect(rate(header).summary).to.equal(rate(ru).summary);
    expect(rate(en).summary).to.equal(rate(document).summary).and.not.match(/[А-Яа-я]/);
    expect(rate(ru).requestBody.content['application/json'].schema.properties.amountSend!.description).to.match(/[А-Яа-я]/);
    expect(ru['x-error-codes'].not_cancellable!.description).to.match(/[А-Яа-я]/);
    expect(rate(ru).responses['200'].content['application/json'].example).to.deep.equal(rate(en).responses['200'].content['application/json'].example);
  });
});
