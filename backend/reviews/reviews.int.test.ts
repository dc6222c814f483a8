import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import type { PublicReviewDto, PublicReviewList, ReviewSummary, StaffReviewDto, StaffReviewList } from '../../common/customerReviews';
import { DONE_STATUS } from '../../common/orderRules';
import { buildUser, TestClient } from '../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, buildOrder, type TestDirection } from '../orders/testing';
import { HUMAN_TOKEN, useCaptchaServer } from '../test/siteverify';
import { startTestServer, type TestServer } from '../test/server';
import { REVIEW_LIMIT } from './routes';

/** A client address of its own (the server trusts X-Forwarded-For): per-IP limits of one test never touch another. */
const freshIp = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

describe('reviews: one per done order, moderated by staff, listed publicly (real HTTP)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let direction: TestDirection;
  let operator: TestClient & { userId: number };
  let admin: TestClient & { userId: number };

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    direction = await buildDirection(server);
    operator = await signedInAs(server, 'operator');
    admin = await signedInAs(server, 'admin');
  });

  after(async () => {
    await server?.close();
  });

  async function doneOrder(extra: { userId?: number } = {}) {
    const { order } = await buildOrder(server, { direction, ...extra, set: { status: DONE_STATUS, confirmedAt: new Date(), receivedAmount: '1' } });
    return order;
  }

  function review(body: Record<string, unknown>, client = new TestClient(server.url), ip = freshIp()) {
    return client.post('/reviews', { name: 'Anna', rating: 5, text: 'Fast and honest exchange.', lang: 'en', ...body }, { 'x-forwarded-for': ip });
  }

  async function reviewOf(orderId: number) {
    return initModels(server.db.sequelize).CustomerReview.findOne({ where: { orderId } });
  }

  describe('submitting', () => {
    it('takes a review of a done order by its uid and e-mail, pending, with the spec answer in the visitor language', async () => {
      const order = await doneOrder();
      const client = new TestClient(server.url, 'ru');
      const answer = await review({ uid: order.uid, email: ` ${order.email.toUpperCase()} `, rating: 4, lang: 'ru', text: 'Всё быстро.' }, client);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body.data.message).to.equal('Отзыв отправлен на проверку');
      const english = await review({ uid: (await doneOrder()).uid, email: undefined }, new TestClient(server.url));
      expect(english.status).to.equal(404);
      const stored = await reviewOf(order.id);
      expect(stored).to.include({ status: 'pending', rating: 4, lang: 'ru', text: 'Всё быстро.', name: 'Anna' });
    });

    it('answers the same 404 for an unknown uid and for a wrong e-mail, never saying which', async () => {
      const order = await doneOrder();
      const wrongEmail = await review({ uid: order.uid, email: 'someone-else@example.test' });
      const unknownUid = await review({ uid: 'NOSUCHORDER1', email: order.email });
      for (const answer of [wrongEmail, unknownUid]) {
        expect(answer.status).to.equal(404);
        expect(answer.body.error!.code).to.equal('order_not_found');
      }
      expect(wrongEmail.body.error!.message).to.equal(unknownUid.body.error!.message);
      expect(await reviewOf(order.id)).to.equal(null);
    });

    it('refuses an order that is not done', async () => {
      const { order } = await buildOrder(server, { direction });
      const answer = await review({ uid: order.uid, email: order.email });
      expect(answer.status).to.equal(409);
      expect(answer.body.error!.code).to.equal('order_not_done');
      expect(await reviewOf(order.id)).to.equal(null);
    });

    it('takes one review per order: a second answers 409 review_exists', async () => {
      const order = await doneOrder();
      expect((await review({ uid: order.uid, email: order.email })).status).to.equal(201);
      const second = await review({ uid: order.uid, email: order.email, text: 'Again' });
      expect(second.status).to.equal(409);
      expect(second.body.error!.code).to.equal('review_exists');
      expect(await initModels(server.db.sequelize).CustomerReview.count({ where: { orderId: order.id } })).to.equal(1);
    });

    it('lets the signed-in owner review by uid alone and lists their done orders without a review', async () => {
      const { user, email, password } = await buildUser(server.db.sequelize);
      const owner = new TestClient(server.url);
      expect((await owner.signIn(email, password)).status).to.equal(200);
      const first = await doneOrder({ userId: user.id });
      const second = await doneOrder({ userId: user.id });
      await buildOrder(server, { direction, userId: user.id });
      const listed = await owner.get('/reviews/my-orders');
      expect(listed.body.data.orders.map((order: { uid: string }) => order.uid)).to.deep.equal([second.uid, first.uid]);
      expect((await review({ uid: first.uid }, owner)).status).to.equal(201);
      expect((await owner.get('/reviews/my-orders')).body.data.orders.map((order: { uid: string }) => order.uid)).to.deep.equal([second.uid]);
      // Someone else's order by uid alone, signed in: refused like a wrong e-mail.
      const stranger = await doneOrder();
      expect((await review({ uid: stranger.uid }, owner)).status).to.equal(404);
      expect((await new TestClient(server.url).get('/reviews/my-orders')).status).to.equal(401);
    });

    it('refuses bad input with 400 and the fields at fault', async () => {
      const order = await doneOrder();
      const answer = await review({ uid: order.uid, email: order.email, rating: 6, text: '   ', lang: 'de', name: 'x'.repeat(65) });
      expect(answer.status).to.equal(400);
      expect(answer.body.error!.code).to.equal('validation_failed');
      expect(answer.body.error!.fields).to.have.all.keys('rating', 'text', 'lang', 'name');
      expect((await review({ uid: '../x', email: 'not-an-email' })).body.error!.fields).to.have.all.keys('uid', 'email');
    });

    it(`limits submissions to ${REVIEW_LIMIT.points} an hour per client address`, async () => {
      const ip = freshIp();
      for (let i = 0; i < REVIEW_LIMIT.points; i++) expect((await review({ uid: 'NOSUCHORDER1', email: 'a@example.test' }, undefined, ip)).status).to.equal(404);
      const over = await review({ uid: 'NOSUCHORDER1', email: 'a@example.test' }, undefined, ip);
      expect(over.status).to.equal(429);
      expect(over.body.error!.code).to.equal('too_many_requests');
      expect((await review({ uid: 'NOSUCHORDER1', email: 'a@example.test' })).status, 'another address').to.equal(404);
    });
  });

  describe('the captcha, when configured', () => {
    const running = useCaptchaServer();

    it('refuses a review without a solved captcha and takes one with it', async () => {
      const guarded = running().server;
      const { order } = await buildOrder(guarded, { set: { status: DONE_STATUS, confirmedAt: new Date(), receivedAmount: '1' } });
      const body = { uid: order.uid, email: order.email, name: 'Anna', rating: 5, text: 'Good', lang: 'en' };
      const client = new TestClient(guarded.url);
      for (const captcha of ['', 'bot']) {
        const refused = await client.post('/reviews', { ...body, captcha });
        expect(refused.status).to.equal(400);
        expect(refused.body.error!.code).to.equal('captcha_failed');
      }
      expect(await initModels(guarded.db.sequelize).CustomerReview.count({ where: { orderId: order.id } })).to.equal(0);
      expect((await client.post('/reviews', { ...body, captcha: HUMAN_TOKEN })).status).to.equal(201);
    });
  });

  describe('moderation', () => {
    it('is open to operators and admins', async () => {
      await expectRoleMatrix(server, [
        { method: 'GET', path: '/operator/site-reviews', roles: OPERATOR_AND_ADMIN },
        { method: 'POST', path: '/operator/site-reviews/999999999/publish', roles: OPERATOR_AND_ADMIN, body: {} },
        { method: 'POST', path: '/operator/site-reviews/999999999/reject', roles: OPERATOR_AND_ADMIN, body: {} },
        { method: 'POST', path: '/operator/site-reviews/999999999/reply', roles: OPERATOR_AND_ADMIN, body: { text: 'Thanks' } },
      ]);
    });

    async function pendingReview(body: Record<string, unknown> = {}): Promise<number> {
      const order = await doneOrder();
      expect((await review({ uid: order.uid, email: order.email, ...body })).status).to.equal(201);
      return (await reviewOf(order.id))!.id;
    }

    async function audits(id: number) {
      return initModels(server.db.sequelize).AuditRecord.findAll({ where: { targetType: 'site_review', targetId: String(id) }, order: [['id', 'ASC']] });
    }

    it('lists pending reviews for staff with their order, publishes, rejects and replies, each audited', async () => {
      const id = await pendingReview({ text: 'Pending one' });
      const pending = await operator.get('/operator/site-reviews');
      const listed = (pending.body.data as StaffReviewList).reviews.find((row) => row.id === id);
      expect(listed).to.include({ status: 'pending', text: 'Pending one' });
      expect(listed!.orderUid).to.match(/^[A-Za-z0-9_-]+$/);
      expect((pending.body.data as StaffReviewList).reviews.every((row) => row.status === 'pending')).to.equal(true);

      const published = await operator.post(`/operator/site-reviews/${id}/publish`, {});
      expect((published.body.data as StaffReviewDto).status).to.equal('published');
      expect((await operator.post(`/operator/site-reviews/${id}/publish`, {})).body.error!.code).to.equal('review_state');
      const replied = await admin.post(`/operator/site-reviews/${id}/reply`, { text: 'Thank you for choosing us!' });
      expect((replied.body.data as StaffReviewDto).reply!.text).to.equal('Thank you for choosing us!');
      const rejected = await admin.post(`/operator/site-reviews/${id}/reject`, {});
      expect((rejected.body.data as StaffReviewDto).status).to.equal('rejected');

      const records = await audits(id);
      expect(records.map((record) => [record.action, record.actorId])).to.deep.equal([
        ['site_review.publish', operator.userId],
        ['site_review.reply', admin.userId],
        ['site_review.reject', admin.userId],
      ]);
      expect(records[0]!.before).to.deep.equal({ status: 'pending' });
      expect(records[0]!.after).to.deep.equal({ status: 'published' });
      expect((await operator.post('/operator/site-reviews/999999999/publish', {})).status).to.equal(404);
      expect((await operator.post(`/operator/site-reviews/${id}/reply`, { text: '' })).status).to.equal(400);
    });

    it('shows published reviews only, newest first, with the reply, filtered by language and rating, page by page', async () => {
      const ids: number[] = [];
      const plan: [string, number][] = [['en', 5], ['ru', 3], ['en', 3], ['en', 1], ['ru', 5]];
      for (const [lang, rating] of plan) ids.push(await pendingReview({ lang, rating, text: `Review ${lang} ${rating}` }));
      const hidden = await pendingReview({ lang: 'en', rating: 3 });
      for (const id of ids) expect((await operator.post(`/operator/site-reviews/${id}/publish`, {})).status).to.equal(200);
      await operator.post(`/operator/site-reviews/${ids[2]}/reply`, { text: 'We are sorry about the wait.' });

      const anonymous = new TestClient(server.url);
      // Page through everything with pages of 2: each page newest first, no review twice, ours all there.
      const seen: PublicReviewDto[] = [];
      for (let cursor: string | null = ''; cursor !== null; ) {
        const answer = await anonymous.get(`/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        const list = answer.body.data as PublicReviewList;
        expect(list.reviews.length).to.be.at.most(2);
        seen.push(...list.reviews);
        cursor = list.nextCursor;
      }
      const seenIds = seen.map((row) => row.id);
      expect(new Set(seenIds).size).to.equal(seenIds.length);
      expect(seenIds).to.deep.equal([...seenIds].sort((a, b) => b - a));
      expect(seenIds).to.include.members(ids).and.not.include(hidden);
      expect(seen.find((row) => row.id === ids[2])!.reply!.text).to.equal('We are sorry about the wait.');
      expect(seen[0]).to.not.have.any.keys('orderId', 'email', 'status', 'userId');

      const filtered = (await anonymous.get('/reviews?lang=en&rating=3')).body.data as PublicReviewList;
      expect(filtered.reviews.every((row) => row.lang === 'en' && row.rating === 3)).to.equal(true);
      expect(filtered.reviews.map((row) => row.id)).to.include(ids[2]).and.not.include.members([ids[0], ids[1], hidden]);
      expect((await anonymous.get('/reviews?rating=9')).status).to.equal(400);
      expect((await anonymous.get('/reviews?lang=de')).body.error!.code).to.equal('validation_failed');
    });

    it('sums the published reviews up: the average with one decimal as a string, and the count', async () => {
      const { CustomerReview } = initModels(server.db.sequelize);
      /** The expectation from the rows themselves: integer arithmetic, half up. */
      async function expected(lang?: 'ru' | 'en'): Promise<ReviewSummary> {
        const rows = await CustomerReview.findAll({ where: { status: 'published', ...(lang ? { lang } : {}) } });
        if (rows.length === 0) return { average: null, count: 0 };
        const sum = rows.reduce((total, row) => total + row.rating, 0);
        // sum / count in tenths, rounded half up: floor((20·sum + count) / (2·count)).
        const tenths = Math.floor((20 * sum + rows.length) / (2 * rows.length));
        return { average: `${Math.floor(tenths / 10)}.${tenths % 10}`, count: rows.length };
      }
      const anonymous = new TestClient(server.url);
      const before = (await anonymous.get('/reviews/summary')).body.data as ReviewSummary;
      expect(before).to.deep.equal(await expected());
      const id = await pendingReview({ lang: 'ru', rating: 2 });
      expect((await anonymous.get('/reviews/summary')).body.data.count, 'a pending review does not count').to.equal(before.count);
      await operator.post(`/operator/site-reviews/${id}/publish`, {});
      const after = (await anonymous.get('/reviews/summary')).body.data as ReviewSummary;
      expect(after.count).to.equal(before.count + 1);
      expect(after).to.deep.equal(await expected());
      expect(after.average).to.match(/^\d\.\d$/);
      expect((await anonymous.get('/reviews/summary?lang=ru')).body.data).to.deep.equal(await expected('ru'));
    });
  });
});
