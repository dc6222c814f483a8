import { createHash } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { Op } from 'sequelize';
import { OPERATOR_ACTIONS } from '../common/orders';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from './accounts/testing';
import { listOutbox } from './test/mail';
import { initModels } from './models';
import { buildDirection, buildOrder, type TestDirection } from './orders/testing';
import { hostileBody, hostileQuery } from './test/hostileInput';
import { startTestServer, type TestServer } from './test/server';
import { ORDER_UPLOAD_PATH } from './orders/uploadRoutes';
import { isUploadPath } from './api';

const SEED = 20_261_124;
/** Bodies per JSON route (about 14 routes read a body) and queries per GET route with a query schema. */
const BODY_RUNS = 24;
const QUERY_RUNS = 12;
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

interface RegisteredRoute {
  method: string;
  path: string;
  /** Names of the route's own middlewares (every middleware is a named function). */
  chain: string[];
}

/** Every method + path the app's routers registered, read from the routers themselves. */
function registeredRoutes(server: TestServer): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const middleware of server.app.middleware as { router?: { stack: { methods: string[]; path: string | RegExp; stack: { name: string }[] }[] } }[]) {
    for (const layer of middleware.router?.stack ?? []) {
      for (const method of layer.methods.filter((name) => name !== 'HEAD')) {
        routes.push({ method, path: String(layer.path), chain: layer.stack.map((fn) => fn.name) });
      }
    }
  }
  return routes;
}

const reads = (route: RegisteredRoute) => route.chain.includes('validateMiddleware');

/**
 * Routes whose unsafe request carries no body to read. A new route that is neither here nor
 * validating its body fails the first test, so it cannot escape the fuzzing by accident.
 */
/** Multipart uploads (backend/api.ts): their files are checked by the upload corpus tests, not by a JSON schema. */
const isUpload = (route: { path: string }) => isUploadPath(route.path.replace(/:(\w+)/g, 'x'));

const BODYLESS = [
  // Withdrawal requests' status changes (ledger/withdrawals/routes.ts) take no body.
  'POST /api/operator/withdrawals/:id/processing',
  'POST /api/operator/withdrawals/:id/paid',
  'DELETE /api/user/auth/session/destroy',
  'DELETE /api/user/auth/session/destroy-all',
  'POST /api/user/profile/otp/setup',
  'POST /api/user/profile/block',
  'POST /api/orders/:uid/:secret/confirm',
  'POST /api/orders/:uid/:secret/paid',
  'POST /api/orders/:uid/:secret/cancel',
  'DELETE /api/admin/payment-details/:id',
  // The order board (console/board.ts): commands without a body.
  'POST /api/operator/orders/:uid/claim',
  'POST /api/operator/orders/:uid/release',
  'POST /api/operator/orders/:uid/seen',
  'DELETE /api/admin/blacklist/:id',
  'POST /api/admin/users/:id/block',
  'POST /api/admin/users/:id/unblock',
  'DELETE /api/admin/users/:id/sessions/:sessionId',
  // Saved requisites: the delete carries no body, the photo is multipart (JSON answers 404 or 415).
  'DELETE /api/user/requisites/:id',
  'POST /api/user/requisites/:id/photo',
  // Partner API keys: creation and deletion carry no body.
  'POST /api/user/api-keys',
  'DELETE /api/user/api-keys/:apiKey',
  // Blog posts: deletion and cover removal carry no body, the cover is multipart (JSON answers 404 or 415).
  'DELETE /api/operator/blog/posts/:id',
  'DELETE /api/operator/blog/posts/:id/cover',
  'POST /api/operator/blog/posts/:id/cover',
  // Customer reviews and contact messages in the console: status changes without a body.
  'POST /api/operator/site-reviews/:id/publish',
  'POST /api/operator/site-reviews/:id/reject',
  'POST /api/operator/messages/:id/read',
  'POST /api/operator/messages/:id/answered',
  // The partner API's signed call reads its raw body itself (the signature covers the bytes):
  // unsigned, every body answers 401 bad_signature or 404 unknown_method; the signed bodies
  // are covered by backend/partnerApi/partnerApi.int.test.ts.
  'POST /api/service/api/v1/:method',
];

describe('API input fuzzing: any JSON body or query answers 4xx with the envelope and changes nothing', function () {
  this.timeout(300_000);
  let server: TestServer;
  let user: TestClient;
  let operator: TestClient;
  let anonymous: TestClient;
  let userEmail: string;
  let accounts: { id: number; email: string }[];
  const nobodyEmail = uniqueEmail('nobody');
  const orderEmail = uniqueEmail('order');
  let direction: TestDirection;
  let done: { id: number; uid: string; secret: string };
  let requests = 0;

  before(async () => {
    // TRUST_PROXY: each request comes from its own X-Forwarded-For, so the per-IP brute-force
    // limits never stop a body before it reaches validation.
    server = await startTestServer({ TRUST_PROXY: '1' });
    const plain = await buildUser(server.db.sequelize);
    userEmail = plain.email;
    user = new TestClient(server.url);
    expect((await user.signIn(plain.email, plain.password)).status).to.equal(200);
    const staff = await buildUser(server.db.sequelize, { role: 'operator' });
    accounts = [plain.user, staff.user];
    operator = new TestClient(server.url);
    expect((await operator.signIn(staff.email, staff.password)).status).to.equal(200);
    anonymous = new TestClient(server.url);
    direction = await buildDirection(server);
    // A finished order: every customer and operator action on it is refused after validation.
    const { order, secret } = await buildOrder(server, { direction, set: { status: 'done', confirmedAt: new Date(), receivedAmount: '1' } });
    done = { id: order.id, uid: order.uid, secret };
    // Its "order created" mail leaves after the answer: let it go before the state is fingerprinted.
    const { OrderMail } = initModels(server.db.sequelize);
    for (const deadline = Date.now() + 5000; (await OrderMail.count({ where: { orderId: order.id, sentAt: null } })) > 0; ) {
      if (Date.now() > deadline) throw new Error('the order mail was not sent');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  after(async () => {
    await server?.close();
  });

  /**
   * What the fuzzing must leave alone: the rows of this test's users, their tokens, orders and
   * their history and mails, and mails to this test's addresses (rows of this test only: the
   * database may be shared with other runs). Each request is a refusal by construction: bad
   * input, a finished order, a taken email, a wrong password, an unknown direction.
   */
  async function fingerprint(): Promise<Record<string, string>> {
    const { User, UserToken, Order, OrderEvent, OrderMail } = initModels(server.db.sequelize);
    const userIds = accounts.map((account) => account.id);
    const emails = [...accounts.map((account) => account.email), nobodyEmail, orderEmail];
    const byId = { order: [['id', 'ASC']] as [string, string][], raw: true };
    const rows: Record<string, unknown> = {
      users: await User.findAll({ where: { [Op.or]: [{ id: userIds }, { email: emails }] }, ...byId }),
      userTokens: await UserToken.findAll({ where: { userId: userIds }, ...byId }),
      orders: await Order.findAll({ where: { [Op.or]: [{ fromCode: direction.from }, { userId: userIds }, { email: emails }] }, ...byId }),
      orderEvents: await OrderEvent.findAll({ where: { orderId: done.id }, ...byId }),
      orderMails: await OrderMail.findAll({ where: { orderId: done.id }, ...byId }),
      mails: await Promise.all(emails.map(async (to) => (await listOutbox(server.config.outboxDir, { to })).length)),
    };
    return Object.fromEntries(Object.entries(rows).map(([name, value]) => [name, createHash('sha256').update(JSON.stringify(value)).digest('hex')]));
  }

  /** The near-valid body of each route; a new route starts from `{}`. */
  function baseBody(route: RegisteredRoute): Record<string, unknown> {
    const password = { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    const bases: Record<string, Record<string, unknown>> = {
      // Passwords that differ: no replaced field can make it valid (a valid one would send a mail).
      'POST /api/user/auth/register': { firstName: 'Ivan', secondName: 'Petrov', email: userEmail, phone: '+79991234567', password: TEST_PASSWORD, confirmPassword: `${TEST_PASSWORD}x`, agreeTerms: true, ref: 'fuzz' },
      'POST /api/user/auth/activate': { token: 'A'.repeat(43) },
      'POST /api/user/auth/sign-in': { email: userEmail, password: 'Wrong-passw0rd!', remember: true, code: '123456' },
      'POST /api/user/auth/reset-password': { email: nobodyEmail },
      'POST /api/user/auth/reset-password/confirm': { token: 'A'.repeat(43), ...password },
      // Without secondName: no replaced field can make it valid.
      'POST /api/user/profile/edit/main': { firstName: 'Ivan' },
      'POST /api/user/profile/notifications': { notifySignIn: false },
      'POST /api/user/profile/password': { currentPassword: 'Wrong-passw0rd!', password: `${TEST_PASSWORD}x`, confirmPassword: `${TEST_PASSWORD}x`, endOtherSessions: false },
      'POST /api/user/profile/otp/enable': { code: '123456' },
      'POST /api/user/profile/otp/disable': { code: '123456' },
      'POST /api/user/profile/delete': { password: 'Wrong-passw0rd!' },
      // A direction that does not exist: refused whatever the amounts.
      'POST /api/orders': { from: 'NOPEA', to: 'NOPEB', amountSend: '1', rateType: 'fixed', email: orderEmail, receiverAccount: ADDRESS, agreeTerms: true, comment: 'fuzz', extra: { memo: '1' } },
      'POST /api/orders/:uid/:secret/refund-address': { address: ADDRESS },
      'POST /api/operator/orders/:uid/:action': { amount: '1', minutes: 10, address: ADDRESS },
    };
    return bases[`${route.method} ${route.path}`] ?? {};
  }

  function clientFor(route: RegisteredRoute): TestClient {
    if (!reads(route)) return anonymous;
    return route.path.startsWith('/api/operator/') ? operator : user;
  }

  /** The route's path with real parameters: the finished order, the operator actions in turn. */
  function concretePath(route: RegisteredRoute, run: number): string {
    const params: Record<string, string> = {
      uid: done.uid,
      secret: done.secret,
      action: [...OPERATOR_ACTIONS, 'no-such-action'][run % (OPERATOR_ACTIONS.length + 1)],
      from: direction.from,
      to: direction.to,
      kind: 'receipt',
    };
    return route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
  }

  /** Sends one request as a same-origin browser would, from an address of its own. */
  async function send(client: TestClient, method: string, path: string, body?: string) {
    requests += 1;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        lang: requests % 2 === 0 ? 'ru' : 'en',
        origin: server.url,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
        ...(client.cookies.size > 0 ? { cookie: client.cookieHeader() } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
    return { status: response.status, text: await response.text() };
  }

  /** No 5xx, and the JSON envelope: a failure has a stable code and a translated message. */
  function expectEnvelope(label: string, answer: { status: number; text: string }): void {
    expect(answer.status, `${label} → ${answer.status} ${answer.text.slice(0, 300)}`).to.be.below(500);
    const envelope = JSON.parse(answer.text) as { success: boolean; error?: { code: unknown; message: unknown; fields?: unknown } };
    expect(envelope.success, label).to.equal(answer.status < 400);
    if (answer.status >= 400) {
      expect(envelope.error?.code, label).to.be.a('string').and.match(/^[a-z_]+$/);
      expect(envelope.error?.message, label).to.be.a('string').and.not.equal('');
      if (envelope.error?.fields !== undefined) {
        for (const message of Object.values(envelope.error.fields as object)) expect(message, label).to.be.a('string').and.not.equal('');
      }
    }
  }

  it('knows every unsafe API route: it either validates its body or carries none', () => {
    const unsafe = registeredRoutes(server).filter((route) => UNSAFE.includes(route.method) && route.path.startsWith('/api/'));
    const unclassified = unsafe
      .filter((route) => !isUpload(route) && !reads(route))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !BODYLESS.includes(route));
    expect(unclassified, 'unsafe routes that read no validated body: add them to BODYLESS or validate them').to.deep.equal([]);
    expect(unsafe.filter(reads).length, 'JSON routes found').to.be.at.least(14);
  });

  it('answers every generated JSON body on every unsafe JSON route with 4xx or a refusal, never a 5xx, and changes no state', async () => {
    const routes = registeredRoutes(server).filter(
      (route) => UNSAFE.includes(route.method) && route.path.startsWith('/api/') && !ORDER_UPLOAD_PATH.test(route.path.replace(/:(\w+)/g, 'x')),
    );
    const before = await fingerprint();
    for (const route of routes) {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(hostileBody(baseBody(route)), async (body) => {
          const path = concretePath(route, run++);
          expectEnvelope(`${route.method} ${path} ${body.slice(0, 200)}`, await send(clientFor(route), route.method, path, body));
        }),
        { seed: SEED, numRuns: reads(route) ? BODY_RUNS : 4, endOnFailure: true },
      );
    }
    expect(await fingerprint(), 'state after the fuzzing').to.deep.equal(before);
    // Still signed in: no body ended a session or blocked an account.
    expect((await user.session()).status).to.equal(200);
    expect((await operator.session()).status).to.equal(200);
  });

  it('answers every generated query on every GET route with a query schema with 4xx or 200, never a 5xx', async () => {
    const routes = registeredRoutes(server).filter((route) => route.method === 'GET' && reads(route));
    expect(routes.length, 'GET routes with a query schema').to.be.at.least(2);
    for (const route of routes) {
      const client = route.path.startsWith('/api/operator/') ? operator : anonymous;
      await fc.assert(
        fc.asyncProperty(hostileQuery(['status', 'cursor', 'amountSend', 'amountReceive']), async (query) => {
          const path = `${concretePath(route, 0)}?${query}`;
          const answer = await send(client, 'GET', path);
          // The board's CSV answers text/csv when the query is valid: the envelope only on refusals.
          if (route.path.endsWith('.csv') && answer.status === 200) return;
          expectEnvelope(`GET ${path.slice(0, 200)}`, answer);
        }),
        { seed: SEED, numRuns: QUERY_RUNS, endOnFailure: true },
      );
    }
  });

  it('answers an object or an array sent for a text field with 400 naming that field (not a 500 from a trim)', async () => {
    const cases: Array<[TestClient, string, string, string | undefined, string[]]> = [
      [anonymous, 'POST', '/api/contacts', JSON.stringify({ name: { a: 1 }, email: nobodyEmail, subject: 'other', message: ['hi'] }), ['name', 'message']],
      [anonymous, 'POST', '/api/reviews', JSON.stringify({ uid: {}, email: orderEmail, name: ['a'], rating: 5, text: 'Fine', lang: 'en' }), ['uid', 'name']],
      [anonymous, 'POST', '/api/referral/clicks', JSON.stringify({ code: {}, path: ['/'] }), ['code', 'path']],
      [user, 'POST', '/api/user/partner/withdrawals', JSON.stringify({ currency: ['USDTTRC20'], amount: {}, account: { a: 1 }, code: {} }), ['currency', 'amount', 'account', 'code']],
      [operator, 'GET', '/api/admin/users?q=a&q=b', undefined, ['q']],
    ];
    for (const [client, method, path, body, fields] of cases) {
      const answer = await send(client, method, path, body);
      const label = `${method} ${path} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expectEnvelope(label, answer);
      expect(answer.status, label).to.equal(400);
      const error = (JSON.parse(answer.text) as { error: { code: string; fields: Record<string, string> } }).error;
      expect(error.code, label).to.equal('validation_failed');
      expect(error.fields, label).to.include.all.keys(...fields);
    }
  });
});
