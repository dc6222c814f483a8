import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { BOARD_CLAIM_ERROR, BOARD_LIST_ORDER_FIELDS, boardRowsOf, type BoardNoteDto, type BoardOrderDrawer, type BoardOrderList, type BoardOrderRow } from '../../common/board';
import { initModels } from '../models';
import { buildDirection, buildOrder, randomBtcWallet, testOrdersContext, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { ADMIN_ONLY, expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from './testing';
import { csvCell } from './boardCsv';
import { signedFileUrl } from './board';
import { presentOperatorOrder } from '../orders/presenters';
import { loadOrderView } from '../orders/view';
import { BOARD_CHANNEL } from './boardChannel';
import type { BoardOrderEvent } from '../../common/board';
import { nextEvent, openClient, pause, record } from '../test/sockets';

type Client = Awaited<ReturnType<typeof signedInAs>>;

describe('operator order board API', function () {
  this.timeout(120_000);
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  let admin: Client;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    [alice, bob, admin] = [await signedInAs(server, 'operator'), await signedInAs(server, 'operator'), await signedInAs(server, 'admin')];
    direction = await buildDirection(server, { rate: '100', to: { type: 'fiat', precision: 2 } });
  });

  after(async () => server.close());

  const list = async (client: Client, query: string): Promise<BoardOrderList> => {
    const response = await client.get(`/operator/orders?from=${direction.from}&${query}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as BoardOrderList;
  };
  const uids = (page: BoardOrderList) => page.orders.map((order) => order.uid);

  it('answers the role matrix of every board endpoint (reassign: admins only)', async () => {
    const { order } = await buildOrder(server, { direction });
    const base = `/operator/orders/${order.uid}`;
    await expectRoleMatrix(server, [
      { method: 'GET', path: `/operator/orders?q=${order.uid}`, roles: OPERATOR_AND_ADMIN },
      { method: 'GET', path: base, roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: `${base}/seen`, roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'GET', path: `${base}/notes`, roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: `${base}/notes`, roles: OPERATOR_AND_ADMIN, body: { text: 'matrix' } },
      { method: 'POST', path: `${base}/escalate`, roles: OPERATOR_AND_ADMIN, body: { reason: 'matrix' } },
      { method: 'POST', path: `${base}/claim`, roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: `${base}/release`, roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: `${base}/reassign`, roles: ADMIN_ONLY, body: { userId: alice.userId } },
      { method: 'GET', path: signedFileUrl(testOrdersContext(server).secretKeys, order.uid, 'card', new Date()).replace(/^\/api/, ''), roles: OPERATOR_AND_ADMIN },
    ]);
    // The CSV answers text, not JSON: its matrix by hand.
    const csv = async (cookie: string | null) => (await fetch(`${server.url}/api/operator/orders.csv?q=${order.uid}`, { headers: cookie ? { cookie } : {} })).status;
    expect(await csv(null)).to.equal(401);
    expect(await csv((await signedInAs(server, 'user')).cookieHeader())).to.equal(403);
    expect(await csv(alice.cookieHeader())).to.equal(200);
    expect(await csv(admin.cookieHeader())).to.equal(200);
  });

  it('filters by each filter, AND-combined, with a stable cursor', async () => {
    const other = await buildDirection(server, { rate: '2' });
    const email = `board-${randomBytes(4).toString('hex')}@example.test`;
    const wallet = randomBtcWallet();
    const { order: a } = await buildOrder(server, { direction, request: { email, amountSend: '1.5', senderAccount: wallet } });
    const { order: b } = await buildOrder(server, { direction, request: { amountSend: '10', receiverAccount: '5555 4444 3331 9876' }, set: { status: 'hold' } });
    const { order: c } = await buildOrder(server, { direction: other, request: { amountSend: '3' } });
    expect(uids(await list(alice, 'status=hold'))).to.include(b.uid).and.not.include(a.uid);
    expect(uids(await list(alice, `to=${direction.to}`))).to.include.members([a.uid, b.uid]);
    const byAsset = (await alice.get(`/operator/orders?asset=${other.to}`)).body.data as BoardOrderList;
    expect(uids(byAsset)).to.deep.equal([c.uid]);
    // A code as typed, in lower case: the same orders.
    expect(uids((await alice.get(`/operator/orders?asset=${other.to.toLowerCase()}`)).body.data as BoardOrderList)).to.deep.equal([c.uid]);
    expect(uids(await list(alice, `q=${encodeURIComponent(email.toUpperCase())}`))).to.deep.equal([a.uid]);
    expect(uids(await list(alice, `q=${a.uid.toLowerCase()}`))).to.deep.equal([a.uid]);
    expect(uids(await list(alice, `q=${wallet}`))).to.deep.equal([a.uid]);
    expect(uids(await list(alice, 'q=9876'))).to.deep.equal([b.uid]);
    expect(uids(await list(alice, 'amountMin=1.5&amountMax=1.5'))).to.deep.equal([a.uid]);
    expect(uids(await list(alice, 'amountMin=1.500000000000000001'))).to.include(b.uid).and.not.include(a.uid);
    expect(uids(await list(alice, 'amountMax=1.499999999999999999'))).to.not.include(a.uid);
    const created = a.createdAt.toISOString();
    expect(uids(await list(alice, `createdFrom=${created}&createdTo=${created}`))).to.include(a.uid);
    expect(uids(await list(alice, `createdTo=${new Date(a.createdAt.getTime() - 60_000).toISOString()}`))).to.not.include(a.uid);
    // assigned and seen are per operator.
    expect((await bob.post(`/operator/orders/${a.uid}/claim`)).status).to.equal(200);
    expect((await alice.post(`/operator/orders/${b.uid}/seen`)).status).to.equal(200);
    expect(uids(await list(alice, `assigned=${bob.userId}`))).to.deep.equal([a.uid]);
    expect(uids(await list(bob, 'assigned=me'))).to.deep.equal([a.uid]);
    expect(uids(await list(alice, 'assigned=none'))).to.include(b.uid).and.not.include(a.uid);
    expect(uids(await list(alice, 'seen=yes'))).to.deep.equal([b.uid]);
    expect(uids(await list(bob, 'seen=yes'))).to.deep.equal([]);
    expect(uids(await list(alice, 'seen=no'))).to.include(a.uid).and.not.include(b.uid);
    const row = (await list(alice, `q=${a.uid}`)).orders[0]!;
    expect(row.assignedTo).to.deep.equal({ id: bob.userId, email: bob.email });
    expect(row.seen).to.equal(false);
    expect(row.escalated).to.equal(false);
    // Invalid filters: 400, never 500.
    for (const bad of ['status=nope', 'to=B-T-C', 'assigned=someone', 'seen=maybe', 'createdFrom=yesterday', 'amountMin=1e5', 'cursor=x']) {
      expect((await alice.get(`/operator/orders?${bad}`)).status, bad).to.equal(400);
    }
    // The cursor pages through a filtered list without gaps or repeats.
    const many = await buildDirection(server, { rate: '3' });
    const built: string[] = [];
    for (let i = 0; i < 53; i += 1) built.unshift((await buildOrder(server, { direction: many })).order.uid);
    const first = (await alice.get(`/operator/orders?from=${many.from}&status=new`)).body.data as BoardOrderList;
    expect(first.orders).to.have.length(50);
    const second = (await alice.get(`/operator/orders?from=${many.from}&status=new&cursor=${first.nextCursor}`)).body.data as BoardOrderList;
    expect([...uids(first), ...uids(second)]).to.deep.equal(built);
    expect(second.nextCursor).to.equal(null);
  });

  it('reads a row in one SELECT as the order itself reads: the operator view without history and payment', async () => {
    const { order } = await buildOrder(server, {
      direction,
      request: { amountSend: '1.5' },
      set: {
        status: 'progress',
        manual: true,
        receivedAmount: '1.50',
        receivedAt: new Date(),
        blacklistMatch: { kind: 'email', action: 'hold', reason: 'listed', entryId: 7 },
        escalatedAt: new Date(),
        escalationReason: 'why',
      },
    });
    expect((await alice.post(`/operator/orders/${order.uid}/claim`)).status).to.equal(200);
    expect((await alice.post(`/operator/orders/${order.uid}/seen`)).status).to.equal(200);
    const page = await list(alice, `q=${order.uid}`);
    // Each side goes once a page, in `assets`; the row names it by code.
    expect(page.orders[0]!.from).to.equal(order.fromCode);
    expect(Object.keys(page.assets).sort()).to.deep.equal([...new Set([order.fromCode, order.toCode])].sort());
    const [row] = boardRowsOf(page);
    const models = initModels(server.db.sequelize);
    const fresh = (await models.Order.findByPk(order.id))!;
    const { history, payment, ...summary } = presentOperatorOrder(await loadOrderView(models, fresh));
    expect(history).to.not.be.empty;
    expect(payment).to.not.equal(undefined);
    expect(row).to.not.have.any.keys('history', 'payment');
    // The list's lean row: exactly the list fields, each as the operator's whole order presents it.
    const listed = Object.fromEntries(BOARD_LIST_ORDER_FIELDS.map((field) => [field, summary[field]]));
    expect(row).to.deep.equal({
      ...listed,
      from: summary.from,
      to: summary.to,
      assignedTo: { id: alice.userId, email: alice.email },
      seen: true,
      escalated: true,
      priority: false,
    });
    expect(row).to.deep.include({ receivedAmount: '1.5', blacklistMatch: { kind: 'email', action: 'hold', reason: 'listed', entryId: 7 } });
    expect(row).to.not.have.any.keys('manual', 'senderAccount', 'extra', 'assignedAt', 'escalationReason');
    // A command answers the whole row: the list's row is a part of it.
    const claimed = (await alice.post(`/operator/orders/${order.uid}/claim`)).body.data as BoardOrderRow;
    expect(claimed).to.deep.include({ ...listed, manual: true, escalationReason: 'why' });
    expect(claimed.assignedAt).to.be.a('string');
    // Bob sees the same row as unseen; the drawer adds the history and where to pay.
    expect((await list(bob, `q=${order.uid}`)).orders[0]!.seen).to.equal(false);
    const drawer = (await bob.get(`/operator/orders/${order.uid}`)).body.data as BoardOrderDrawer;
    expect(drawer.history).to.deep.equal(history);
    expect(drawer.payment).to.deep.equal(payment);
  });

  it('claims: exactly one of two concurrent operators wins; the loser hears who holds it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { order } = await buildOrder(server, { direction });
      const answers = await Promise.all([alice.post(`/operator/orders/${order.uid}/claim`), bob.post(`/operator/orders/${order.uid}/claim`)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).to.deep.equal([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body.data as BoardOrderRow;
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(loser.body.error?.code).to.equal(BOARD_CLAIM_ERROR);
      expect(loser.body.error?.message).to.include(winner.assignedTo!.email);
      // Claiming one's own claim again: 200.
      const again = winner.assignedTo!.id === alice.userId ? alice : bob;
      expect((await again.post(`/operator/orders/${order.uid}/claim`)).status).to.equal(200);
      const audits = await initModels(server.db.sequelize).AuditRecord.findAll({ where: { action: 'order.claim', targetId: order.uid } });
      expect(audits).to.have.length(1);
    }
  });

  it('releases (holder or admin) and reassigns (admin, active staff only), each audited', async () => {
    const { order } = await buildOrder(server, { direction });
    const path = `/operator/orders/${order.uid}`;
    expect((await alice.post(`${path}/claim`)).status).to.equal(200);
    expect((await bob.post(`${path}/release`)).status).to.equal(403);
    expect(((await alice.post(`${path}/release`)).body.data as BoardOrderRow).assignedTo).to.equal(null);
    expect((await bob.post(`${path}/claim`)).status).to.equal(200);
    expect((await admin.post(`${path}/release`)).status).to.equal(200);
    expect((await bob.post(`${path}/reassign`, { userId: alice.userId })).status).to.equal(403);
    const customer = await signedInAs(server, 'user');
    expect((await admin.post(`${path}/reassign`, { userId: customer.userId })).status).to.equal(400);
    expect((await admin.post(`${path}/reassign`, { userId: 999_999_999 })).status).to.equal(400);
    expect((await admin.post(`${path}/reassign`, { userId: 'x' })).status).to.equal(400);
    const reassigned = await admin.post(`${path}/reassign`, { userId: alice.userId });
    expect((reassigned.body.data as BoardOrderRow).assignedTo).to.deep.equal({ id: alice.userId, email: alice.email });
    const { AuditRecord } = initModels(server.db.sequelize);
    const actions = (await AuditRecord.findAll({ where: { targetId: order.uid }, order: [['id', 'ASC']] })).map((record) => `${record.action}:${record.actorEmail}`);
    expect(actions).to.deep.equal([
      `order.claim:${alice.email}`,
      `order.release:${alice.email}`,
      `order.claim:${bob.email}`,
      `order.release:${admin.email}`,
      `order.reassign:${admin.email}`,
    ]);
  });

  it('lets the holder of a claimed order work it: another operator is told who holds it, an admin may act', async () => {
    const { order } = await buildOrder(server, { direction, set: { confirmedAt: new Date(), cardCheck: 'not_required' } });
    const path = `/operator/orders/${order.uid}`;
    expect((await alice.post(`${path}/claim`)).status).to.equal(200);
    const refused = await bob.post(`${path}/hold`);
    expect(refused.status).to.equal(409);
    expect(refused.body.error?.code).to.equal(BOARD_CLAIM_ERROR);
    expect(refused.body.error?.message).to.include(alice.email);
    expect((await bob.post(`${path}/delete`)).status).to.equal(409);
    const { Order: Orders } = initModels(server.db.sequelize);
    expect((await Orders.findByPk(order.id))!.status, 'nothing changed').to.equal('new');
    expect((await alice.post(`${path}/hold`)).status).to.equal(200);
    expect((await admin.post(`${path}/warning`)).status).to.equal(200);
    // Released, it is anyone's again.
    expect((await alice.post(`${path}/release`)).status).to.equal(200);
    expect((await bob.post(`${path}/error`)).status).to.equal(200);
  });

  it('keeps a claimed order to its holder in the review queue too: another operator cannot decide its card photo, the holder can', async () => {
    const { order } = await buildOrder(server, { direction, set: { cardCheck: 'pending', cardPhotoKey: 'cards/x.jpg' } });
    expect((await alice.post(`/operator/orders/${order.uid}/claim`)).status).to.equal(200);
    const refused = await bob.post(`/operator/reviews/card/${order.uid}/approve`, {});
    expect(refused.status).to.equal(409);
    expect(refused.body.error?.code).to.equal(BOARD_CLAIM_ERROR);
    expect(refused.body.error?.message).to.include(alice.email);
    const { Order: Orders } = initModels(server.db.sequelize);
    expect((await Orders.findByPk(order.id))!.cardCheck, 'nothing changed').to.equal('pending');
    const decided = await alice.post(`/operator/reviews/card/${order.uid}/approve`, {});
    expect(decided.status, JSON.stringify(decided.body)).to.equal(200);
    expect(decided.body.data.cardCheck).to.equal('approved');
  });

  it('rejects a card from the board with the reason the customer sees, or the default words', async () => {
    for (const reason of ['The number is not visible', undefined]) {
      const { order, secret } = await buildOrder(server, { direction, set: { cardCheck: 'pending', cardPhotoKey: 'cards/x.jpg' } });
      const answer = await alice.post(`/operator/orders/${order.uid}/card-reject`, reason === undefined ? {} : { reason });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const customer = (await (await fetch(`${server.url}/api/orders/${order.uid}/${secret}`, { headers: { lang: 'en' } })).json()) as { data: { cardCheck: string; cardRejectReason: string | null } };
      expect([customer.data.cardCheck, customer.data.cardRejectReason]).to.deep.equal(['rejected', reason ?? null]);
    }
  });

  it('keeps notes internal: listed for staff, never in the customer’s order', async () => {
    const { order, secret } = await buildOrder(server, { direction });
    const path = `/operator/orders/${order.uid}`;
    const text = `secret-note-${randomBytes(4).toString('hex')}`;
    const created = await alice.post(`${path}/notes`, { text });
    expect(created.status).to.equal(200);
    expect((created.body.data as BoardNoteDto).author).to.deep.equal({ id: alice.userId, email: alice.email });
    expect((await alice.post(`${path}/notes`, { text: 'x'.repeat(2001) })).status).to.equal(400);
    expect((await alice.post(`${path}/notes`, { text: '   ' })).status).to.equal(400);
    const notes = (await bob.get(`${path}/notes`)).body.data.notes as BoardNoteDto[];
    expect(notes.map((note) => note.text)).to.deep.equal([text]);
    const customerView = await fetch(`${server.url}/api/orders/${order.uid}/${secret}`);
    expect(await customerView.text()).to.not.include(text);
    const drawer = (await alice.get(path)).body.data as BoardOrderDrawer;
    expect(drawer.notesCount).to.equal(1);
    expect(JSON.stringify((await alice.get(`/operator/orders?q=${order.uid}`)).body)).to.not.include(text);
    const audit = await initModels(server.db.sequelize).AuditRecord.findOne({ where: { action: 'order.note', targetId: order.uid } });
    expect(audit?.actorEmail).to.equal(alice.email);
  });

  it('escalates, and operator actions write order.<action> audit records with the statuses', async () => {
    const { order } = await buildOrder(server, { direction, set: { confirmedAt: new Date(), cardCheck: 'not_required' } });
    const path = `/operator/orders/${order.uid}`;
    const escalated = (await alice.post(`${path}/escalate`, { reason: 'suspicious' })).body.data as BoardOrderRow;
    expect(escalated.escalated).to.equal(true);
    expect(escalated.escalationReason).to.equal('suspicious');
    expect((await alice.post(`${path}/escalate`, {})).status).to.equal(400);
    expect((await alice.post(`${path}/received`, { amount: order.amountSend })).status).to.equal(200);
    const { AuditRecord } = initModels(server.db.sequelize);
    const received = await AuditRecord.findOne({ where: { action: 'order.received', targetId: order.uid } });
    expect(received?.before).to.deep.equal({ status: 'new' });
    expect(received?.after).to.include({ status: 'progress' });
    expect(await AuditRecord.count({ where: { action: 'order.escalate', targetId: order.uid } })).to.equal(1);
    const drawer = (await alice.get(path)).body.data as BoardOrderDrawer;
    expect(drawer.rateAtCreation).to.equal('100');
    expect(drawer.rateAtReceipt).to.equal('100');
    expect(drawer.history.map((entry) => entry.action)).to.include.members(['created', 'received']);
    expect(drawer.history.find((entry) => entry.action === 'received')!.actorName).to.equal(alice.email);
  });

  it('computes the profit from the market rate, null without one', async () => {
    const { order } = await buildOrder(server, { direction, set: { marketRate: '101' } });
    const drawer = (await alice.get(`/operator/orders/${order.uid}`)).body.data as BoardOrderDrawer;
    expect(drawer.marketRate).to.equal('101');
    expect(drawer.profit).to.equal('1');
    const { order: plain } = await buildOrder(server, { direction });
    expect(((await alice.get(`/operator/orders/${plain.uid}`)).body.data as BoardOrderDrawer).profit).to.equal(null);
  });

  it('signs file links: 5 minutes, bound to order and kind; expired or tampered → 403', async () => {
    const { order } = await buildOrder(server, { direction, set: { cardPhotoKey: 'card/none.jpg' } });
    const { order: other } = await buildOrder(server, { direction, set: { cardPhotoKey: 'card/none.jpg', receiptKey: 'receipt/none.jpg' } });
    const drawer = (await alice.get(`/operator/orders/${order.uid}`)).body.data as BoardOrderDrawer;
    expect(drawer.fileLinks.receipt).to.equal(null);
    const link = drawer.fileLinks.card!;
    const expires = Number(new URL(link, server.url).searchParams.get('expires'));
    expect(expires - Date.now() / 1000).to.be.within(290, 301);
    const raw = async (client: Client, url: string) => (await fetch(`${server.url}${url}`, { headers: { cookie: client.cookieHeader() } })).status;
    expect(await raw(alice, link)).to.not.be.oneOf([401, 403, 500]);
    expect(await raw(alice, link.replace(/sig=./, (match) => (match.endsWith('A') ? 'sig=B' : 'sig=A')))).to.equal(403);
    expect(await raw(alice, link.replace(`expires=${expires}`, `expires=${expires + 60}`))).to.equal(403);
    expect(await raw(alice, link.replace(order.uid, other.uid))).to.equal(403);
    expect(await raw(alice, link.replace('/signed/card', '/signed/receipt'))).to.equal(403);
    const ctx = testOrdersContext(server);
    const old = signedFileUrl(ctx.secretKeys, order.uid, 'card', new Date(Date.now() - 6 * 60_000));
    expect(await raw(alice, old)).to.equal(403);
    const user = await signedInAs(server, 'user');
    expect(await raw(user, link)).to.equal(403);
    expect((await fetch(`${server.url}${link}`)).status).to.equal(401);
  });

  it('publishes every board change for the operators room (operators:board)', async () => {
    const events: BoardOrderEvent[] = [];
    const unsubscribe = await server.kv.subscribe(BOARD_CHANNEL, (raw) => events.push(JSON.parse(raw) as BoardOrderEvent));
    try {
      const { order } = await buildOrder(server, { direction });
      const path = `/operator/orders/${order.uid}`;
      await alice.post(`${path}/claim`);
      await alice.post(`${path}/notes`, { text: 'live' });
      await alice.post(`${path}/escalate`, { reason: 'live' });
      await alice.post(`${path}/release`);
      // Releasing a free order changes nothing and tells nobody; the next change comes next.
      expect((await alice.post(`${path}/release`)).status).to.equal(200);
      await alice.post(`${path}/claim`);
      const deadline = Date.now() + 3000;
      while (events.filter((event) => event.uid === order.uid).length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      const mine = events.filter((event) => event.uid === order.uid);
      expect(mine.map((event) => event.change)).to.deep.equal(['claim', 'note', 'escalate', 'release', 'claim']);
      expect(mine[0]!.assignedTo).to.deep.equal({ id: alice.userId, email: alice.email });
      expect(mine[1]!.notesCount).to.equal(1);
      expect(mine[2]!.escalated).to.equal(true);
      expect(mine[3]!.assignedTo).to.equal(null);
      expect(JSON.stringify(mine)).to.not.include('"text"');
    } finally {
      await unsubscribe();
    }
  });

  it('delivers operators:board to operators’ sockets, never to a plain user', async () => {
    const operatorSocket = await openClient(server.url, { cookie: bob.cookieHeader() });
    const user = await signedInAs(server, 'user');
    const userSocket = await openClient(server.url, { cookie: user.cookieHeader() });
    try {
      const { order } = await buildOrder(server, { direction });
      const leaked = record(userSocket, 'operators:board');
      const received = nextEvent(operatorSocket, 'operators:board', (event) => event.uid === order.uid);
      await alice.post(`/operator/orders/${order.uid}/claim`);
      const event = await received;
      expect(event.change).to.equal('claim');
      expect(event.by).to.deep.equal({ id: alice.userId, email: alice.email });
      await pause(200);
      expect(leaked).to.deep.equal([]);
    } finally {
      operatorSocket.disconnect();
      userSocket.disconnect();
    }
  });

  it('exports CSV with the filters, translated headers and neutralised formulas', async () => {
    const csvDirection = await buildDirection(server, { rate: '5' });
    const { order } = await buildOrder(server, { direction: csvDirection, set: { senderAccount: '=HYPERLINK("x")' } });
    await buildOrder(server, { direction: csvDirection, set: { status: 'hold' } });
    const response = await fetch(`${server.url}/api/operator/orders.csv?from=${csvDirection.from}&status=new`, { headers: { cookie: alice.cookieHeader(), lang: 'ru' } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.include('text/csv');
    const lines = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).to.include('Заявка');
    expect(lines).to.have.length(2);
    expect(lines[1]).to.include(order.uid).and.include(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).to.equal("'+1");
    expect(csvCell('-1')).to.equal("'-1");
    expect(csvCell('@a')).to.equal("'@a");
    expect(csvCell('a,b')).to.equal('"a,b"');
    const english = await fetch(`${server.url}/api/operator/orders.csv?q=${order.uid}`, { headers: { cookie: alice.cookieHeader(), lang: 'en' } });
    expect((await english.text()).split('\r\n')[0]).to.include('Order');
    // A download link sends no lang header: it names the language as the console's link does, `?lang=`.
    const linked = await fetch(`${server.url}/api/operator/orders.csv?q=${order.uid}&lang=en`, { headers: { cookie: alice.cookieHeader(), 'accept-language': 'ru' } });
    expect((await linked.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).to.match(/^Order,/);
    expect((await fetch(`${server.url}/api/operator/orders.csv?status=bad`, { headers: { cookie: alice.cookieHeader() } })).status).to.equal(400);
  });
});
