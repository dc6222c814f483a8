import { expect } from 'chai';
import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { ValidationError as SchemaValidationError } from 'yup';
import { translateValidationError } from '../../../common/validation/translate';
import type { PartnerOrderDto, PartnerQuoteDto } from '../../../common/partnerApi';
import { signedInAs } from '../../console/testing';
import { createCatalogueCache } from '../../catalogue/cache';
import { createWithdrawalsContext } from '../../ledger/withdrawals/context';
import { accrueReward } from '../../ledger/referral';
import { initModels } from '../../models';
import { buildDirection, buildOrder, publishTestRate, testOrdersContext, testRate, type TestDirection } from '../../orders/testing';
import { writeTransaction } from '../../platform/db/transaction';
import { CodedError, ValidationError } from '../../platform/errors';
import { createReferralContext } from '../../referral/context';
import { startTestServer, type TestServer } from '../../test/server';
import type { ApiCaller, PartnerMethodDefinition } from '../registry';
import { createApiMethods, type PartnerApiDeps } from './all';

// The partner API's methods called as the signed call calls them (schema, then handle), on a real
// test server's contexts, for a constructed ApiCaller of a real user.
describe('partner API methods (backend/partnerApi/methods)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let deps: PartnerApiDeps;
  let direction: TestDirection;
  let methods: Map<string, PartnerMethodDefinition<unknown>>;
  const models = () => initModels(server.db.sequelize);

  function depsOf(server: TestServer, overrides: Partial<PartnerApiDeps> = {}): PartnerApiDeps {
    return {
      orders: testOrdersContext(server),
      referral: createReferralContext({ sequelize: server.db.sequelize, kv: server.kv, config: server.config }),
      withdrawals: createWithdrawalsContext({ sequelize: server.db.sequelize, kv: server.kv, rates: server.rates, mailer: server.services.mailer, logger: server.logger, config: server.config }),
      catalogue: createCatalogueCache({ db: server.db, ttlMs: 0 }),
      maintenance: { isOn: async () => false },
      ...overrides,
    };
  }

  before(async () => {
    server = await startTestServer();
    deps = depsOf(server);
    methods = new Map(createApiMethods(deps).map((method) => [method.name, method]));
    direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '6000' } });
  });

  after(async () => {
    await server.close();
  });

  let keys = Math.floor(Date.now() / 1000);
  function callerOf(userId: number, extra: Partial<ApiCaller> = {}): ApiCaller {
    keys += 1;
    return { keyId: keys, apiKey: `key-${keys}`, userId, allowWithdrawals: false, callbackUrl: null, ip: '203.0.113.7', ...extra };
  }

  /** As the signed call does: the schema (400 validation_error with fields), then the handler. */
  async function call<T>(caller: ApiCaller, name: string, params: Record<string, unknown> = {}, using = methods): Promise<T> {
    const method = using.get(name)!;
    const t = server.services.i18n.translator('en');
    let input: unknown = params;
    if (method.schema) {
      try {
        input = await method.schema.validate(params, { abortEarly: false, stripUnknown: true });
      } catch (error) {
        if (error instanceof SchemaValidationError) throw new CodedError(400, 'validation_error', translateValidationError(error, t));
        throw error;
      }
    }
    return (await method.handle({ caller, params: input, t, lang: 'en', http: {} as Context })) as T;
  }

  async function refused(promise: Promise<unknown>, code: string): Promise<CodedError | ValidationError> {
    try {
      await promise;
    } catch (error) {
      expect((error as { code?: string }).code, String(error)).to.equal(code);
      return error as CodedError;
    }
    throw new Error(`expected ${code}`);
  }

  const order = (extra: Record<string, unknown> = {}) => ({ from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1', email: `c-${randomBytes(4).toString('hex')}@example.test`, receiverAccount: '4111111111111111', ...extra });

  it('lists the currencies and the directions with their live figures', async () => {
    const owner = await signedInAs(server, 'user');
    const caller = callerOf(owner.userId);
    const { currencies } = await call<{ currencies: { code: string }[] }>(caller, 'currencies');
    expect(currencies.map((asset) => asset.code)).to.include.members([direction.from, direction.to]);
    const { directions } = await call<{ directions: Record<string, unknown>[] }>(caller, 'directions', { from: direction.from });
    expect(directions).to.have.length(1);
    expect(directions[0]).to.include({ from: direction.from, to: direction.to, available: true, rate: '100', min: '0.01', max: '50', reserve: '6000', manual: false, cardVerification: false, fixedPeriodMinutes: 30 });
    expect(directions[0]!.rateTypes).to.deep.equal(['fixed', 'float']);
  });

  it('quotes an amount on either side, and refuses with the contract codes', async () => {
    const caller = callerOf((await signedInAs(server, 'user')).userId);
    const send = await call<PartnerQuoteDto>(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '2' });
    expect(send).to.include({ rate: '100', amountSend: '2', amountReceive: '200', min: '0.01', max: '50', reserve: '6000' });
    expect(send.quoteId).to.be.a('string');
    expect(Date.parse(send.expiresAt)).to.be.greaterThan(Date.now());
    const receive = await call<PartnerQuoteDto>(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'float', amountReceive: '150' });
    expect(receive).to.include({ amountSend: '1.5', amountReceive: '150', rateType: 'float' });

    await refused(call(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '0.001' }), 'below_minimum');
    await refused(call(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '51' }), 'above_maximum');
    const small = await buildDirection(server, { rate: '100', to: { type: 'fiat', reserve: '3000' } });
    await refused(call(caller, 'rate', { from: small.from, to: small.to, rateType: 'fixed', amountSend: '40' }), 'reserve_exceeded');
    await refused(call(caller, 'rate', { from: direction.from, to: 'NOSUCH', rateType: 'fixed', amountSend: '1' }), 'direction_unavailable');
    const both = await refused(call(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1', amountReceive: '100' }), 'validation_error');
    expect(both.fields).to.have.property('amountReceive');
    const precise = await refused(call(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1.123456789' }), 'validation_error');
    expect(precise.fields).to.have.property('amountSend');
  });

  it("creates an order as the key owner's, with them as its partner, from a direction or a quote", async () => {
    const owner = await signedInAs(server, 'user');
    const caller = callerOf(owner.userId, { callbackUrl: 'https://partner.example/hook' });
    const made = await call<PartnerOrderDto>(caller, 'order_create', order({ callbackUrl: 'https://partner.example/order-hook' }));
    expect(made).to.include({ externalId: null, callbackUrl: 'https://partner.example/order-hook' });
    expect(made.url).to.match(new RegExp(`^/order/${made.uid}/`));
    const loopback = await refused(call(caller, 'order_create', order({ callbackUrl: 'http://127.0.0.1:9/order-hook' })), 'validation_error');
    expect(loopback.fields).to.deep.equal({ callbackUrl: 'The callback URL must point to a public address' });
    const row = (await models().Order.findOne({ where: { uid: made.uid } }))!;
    expect(row).to.include({ userId: owner.userId, referrerId: owner.userId, apiKeyId: caller.keyId, amountSend: '1', amountReceive: '100', ipHash: null });

    const quote = await call<PartnerQuoteDto>(caller, 'rate', { from: direction.from, to: direction.to, rateType: 'fixed', amountReceive: '250' });
    const quoted = await call<PartnerOrderDto>(caller, 'order_create', { quoteId: quote.quoteId, email: 'quoted@example.test', receiverAccount: '4111111111111111' });
    expect(quoted.order).to.include({ amountSend: '2.5', amountReceive: '250', rateType: 'fixed' });

    // Another key's quote, a forged one: validation_error on quoteId.
    const stranger = callerOf(owner.userId);
    expect((await refused(call(stranger, 'order_create', { quoteId: quote.quoteId, email: 'x@example.test' }), 'validation_error')).fields).to.have.property('quoteId');
    await refused(call(caller, 'order_create', { quoteId: `${quote.quoteId.split('.')[0]}.AAAA`, email: 'x@example.test' }), 'validation_error');

    // Past expiresAt: quote_expired.
    const later = depsOf(server, { orders: testOrdersContext(server, () => new Date(Date.now() + 10 * 60_000)) });
    const lateMethods = new Map(createApiMethods(later).map((method) => [method.name, method]));
    await refused(call(caller, 'order_create', { quoteId: quote.quoteId, email: 'x@example.test', receiverAccount: 'w-3' }, lateMethods), 'quote_expired');

    // The rate moved: a fixed quote is honoured at its rate until it expires; a float one is priced now.
    const moving = await buildDirection(server, { rate: '10' });
    const old = await call<PartnerQuoteDto>(caller, 'rate', { from: moving.from, to: moving.to, rateType: 'fixed', amountSend: '1' });
    const floating = await call<PartnerQuoteDto>(caller, 'rate', { from: moving.from, to: moving.to, rateType: 'float', amountSend: '1' });
    await publishTestRate(server, testRate({ ...moving, rate: '11' }));
    const honoured = await call<PartnerOrderDto>(caller, 'order_create', { quoteId: old.quoteId, email: 'x@example.test', receiverAccount: '4111111111111111' });
    expect(honoured.order).to.include({ amountSend: '1', amountReceive: '10', rateType: 'fixed' });
    expect((await models().Order.findOne({ where: { uid: honoured.uid } }))!.rate).to.equal('10');
    const now = await call<PartnerOrderDto>(caller, 'order_create', { quoteId: floating.quoteId, email: 'x@example.test', receiverAccount: '4111111111111111' });
    expect(now.order).to.include({ amountSend: '1', amountReceive: '11', rateType: 'float' });
    // Past its end, not even the promised rate: quote_expired.
    const lateMoving = new Map(createApiMethods(depsOf(server, { orders: testOrdersContext(server, () => new Date(Date.now() + 10 * 60_000)) })).map((method) => [method.name, method]));
    await refused(call(caller, 'order_create', { quoteId: old.quoteId, email: 'x@example.test', receiverAccount: '4111111111111111' }, lateMoving), 'quote_expired');

    // Maintenance: no new orders.
    const paused = new Map(createApiMethods(depsOf(server, { maintenance: { isOn: async () => true } })).map((method) => [method.name, method]));
    await refused(call(caller, 'order_create', order(), paused), 'maintenance');
    await refused(call(caller, 'order_create', order({ amountSend: '0.001' })), 'below_minimum');
    await refused(call(caller, 'order_create', order({ email: 'not-an-email' })), 'validation_error');
  });

  it('makes one order of 20 parallel order_create with one externalId, and answers it to a repeat', async () => {
    const owner = await signedInAs(server, 'user');
    const caller = callerOf(owner.userId);
    const externalId = `ext-${randomBytes(4).toString('hex')}`;
    const params = order({ externalId });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call<PartnerOrderDto>(caller, 'order_create', params)));
    expect(new Set(answers.map((answer) => answer.uid)).size).to.equal(1);
    expect(await models().Order.count({ where: { apiKeyId: caller.keyId, externalId } })).to.equal(1);
    const again = await call<PartnerOrderDto>(caller, 'order_create', params);
    expect(again.uid).to.equal(answers[0]!.uid);
    expect(again.externalId).to.equal(externalId);
    // The same external id under another key is another order.
    const other = await call<PartnerOrderDto>(callerOf(owner.userId), 'order_create', params);
    expect(other.uid).to.not.equal(again.uid);
  });

  it("gets and cancels only the owner's orders (IDOR), as the status table allows", async () => {
    const alice = callerOf((await signedInAs(server, 'user')).userId);
    const bob = callerOf((await signedInAs(server, 'user')).userId);
    const made = await call<PartnerOrderDto>(alice, 'order_create', order());
    expect((await call<PartnerOrderDto>(alice, 'order_get', { uid: made.uid })).uid).to.equal(made.uid);
    await refused(call(bob, 'order_get', { uid: made.uid }), 'order_not_found');
    await refused(call(bob, 'order_cancel', { uid: made.uid }), 'order_not_found');
    await refused(call(alice, 'order_get', { uid: 'NOSUCHUID' }), 'order_not_found');
    const siteOrder = await buildOrder(server, { direction });
    await refused(call(alice, 'order_get', { uid: siteOrder.order.uid }), 'order_not_found');
    expect((await models().Order.findOne({ where: { uid: made.uid } }))!.status).to.equal('new');

    const cancelled = await call<PartnerOrderDto>(alice, 'order_cancel', { uid: made.uid });
    expect(cancelled.order).to.include({ status: 'deleted' });
    await refused(call(alice, 'order_cancel', { uid: made.uid }), 'not_cancellable');
  });

  it("lists the owner's orders by status, dates and cursor; they show in the owner's history and partner table over HTTP", async () => {
    const owner = await signedInAs(server, 'user');
    const caller = callerOf(owner.userId);
    const made: PartnerOrderDto[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await call<PartnerOrderDto>(caller, 'order_create', order({ externalId: `list-${i}` })));
    await call(caller, 'order_cancel', { uid: made[0]!.uid });

    type Page = { items: { uid: string; status: string; externalId: string | null }[]; nextCursor: string | null };
    const all = await call<Page>(caller, 'orders_list');
    expect(all.items.map((item) => item.uid)).to.deep.equal(made.map((m) => m.uid).reverse());
    expect(all.items[0]!.externalId).to.equal('list-2');
    expect((await call<Page>(caller, 'orders_list', { status: 'deleted' })).items.map((item) => item.uid)).to.deep.equal([made[0]!.uid]);
    expect((await call<Page>(caller, 'orders_list', { from: new Date(Date.now() + 60_000).toISOString() })).items).to.deep.equal([]);
    expect((await call<Page>(caller, 'orders_list', { to: new Date(Date.now() + 60_000).toISOString() })).items).to.have.length(3);
    const after = await call<Page>(caller, 'orders_list', { cursor: String((await models().Order.findOne({ where: { uid: made[1]!.uid } }))!.id) });
    expect(after.items.map((item) => item.uid)).to.deep.equal([made[0]!.uid]);
    await refused(call(caller, 'orders_list', { status: 'nonsense' }), 'validation_error');

    const history = await owner.get('/user/exchanges');
    expect(history.status).to.equal(200);
    expect(history.body.data.rows.map((row: { uid: string }) => row.uid)).to.include.members(made.map((m) => m.uid));
    const partnerTable = await owner.get('/user/partner/exchanges');
    expect(partnerTable.status, JSON.stringify(partnerTable.body)).to.equal(200);
    expect(partnerTable.body.data.items.map((row: { uid: string }) => row.uid)).to.include.members(made.map((m) => m.uid));
    const { items } = await call<{ items: { uid: string }[] }>(caller, 'partner_orders');
    expect(items.map((row) => row.uid)).to.include.members(made.map((m) => m.uid));
    const info = await call<Record<string, unknown>>(caller, 'partner_info');
    expect(info).to.include({ available: '0', currency: 'USDT' });
    expect(info).to.have.property('percent');
  });

  it('requests and lists withdrawals by the referral rules, without a 2FA code for the key', async () => {
    const owner = await signedInAs(server, 'user', { twoFactorEnabled: true });
    const caller = callerOf(owner.userId, { allowWithdrawals: true });
    expect(methods.get('withdraw_create')!.withdrawals).to.equal(true);
    expect(methods.get('withdrawals_list')!.withdrawals).to.equal(true);
    const code = `W${randomBytes(4).toString('hex').toUpperCase()}`;
    await models().Asset.create({ code, name: `Test ${code}`, type: 'coin', currency: 'USDT', network: null, precision: 2, icon: 'test', reserve: '1000000', city: null });
    const request = { currency: code, account: 'wallet-address-0001' };
    await refused(call(caller, 'withdraw_create', { ...request, amount: '0.5' }), 'below_minimum');
    await refused(call(caller, 'withdraw_create', { ...request, amount: '20' }), 'insufficient_funds');
    await writeTransaction(server.db.sequelize, (tx) => accrueReward({ sequelize: server.db.sequelize }, tx, { orderId: keys * 10, partnerId: owner.userId, amount: '30', pending: false }));
    await refused(call(caller, 'withdraw_create', { ...request, amount: '31' }), 'insufficient_funds');
    const made = await call<{ id: number; amount: string; status: string }>(caller, 'withdraw_create', { ...request, amount: '25' });
    expect(made).to.include({ amount: '25', status: 'new' });
    const { items } = await call<{ items: { id: number }[] }>(caller, 'withdrawals_list');
    expect(items.map((item) => item.id)).to.deep.equal([made.id]);
    await refused(call(caller, 'withdraw_create', { ...request }), 'validation_error');
  });
});
