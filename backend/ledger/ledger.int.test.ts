import { expect } from 'chai';
import fc from 'fast-check';
import { Big } from '../../common/money';
import { initModels } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { testDatabaseSites, useMigratedTestDatabase } from '../platform/db/testing/testDatabases';
import { InsufficientFunds } from './errors';
import { AppendOnlyViolation } from './models/Ledger';
import { balanceOf, InvalidLedgerTransaction, postingsSum, postTransaction, systemAccount, userAccount } from './post';
import { accrueReward, holdWithdrawal, partnerAccount, partnerBalances, releaseReward, reverseReward, settleWithdrawal } from './referral';
import { checkLedgerInvariants } from './testing';

for (const site of testDatabaseSites()) {
  describe(`the ledger on ${site.dialect}`, function () {
    this.timeout(120_000);
    const database = useMigratedTestDatabase(site);
    const deps = () => ({ sequelize: database().sequelize });
    const write = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(database().sequelize, work);

    it('posts a balanced transaction once per key, keeps balances as the sum of postings', async () => {
      const a = userAccount(1, 'USDT', 'referral_available');
      const b = systemAccount('USDT', 'referral_expense');
      const input = { idempotencyKey: 'test:1', kind: 'test', reference: 'test:1', postings: [{ account: b, amount: '-1.000000000000000001' }, { account: a, amount: '1.000000000000000001' }] };
      const first = await write((tx) => postTransaction(deps(), tx, input));
      const again = await write((tx) => postTransaction(deps(), tx, input));
      expect(first.created).to.equal(true);
      expect(again).to.deep.equal({ id: first.id, created: false });
      expect(await balanceOf(deps(), a)).to.equal('1.000000000000000001');
      expect(await balanceOf(deps(), b)).to.equal('-1.000000000000000001');
      expect(await postingsSum(deps(), a)).to.equal('1.000000000000000001');
      expect(await initModels(database().sequelize).LedgerPosting.count()).to.equal(2);
      await checkLedgerInvariants(database().sequelize);
    });

    it('refuses unbalanced, single, zero and malformed postings', async () => {
      const a = userAccount(1, 'USDT', 'referral_available');
      const b = systemAccount('USDT', 'referral_expense');
      const bad = [
        [{ account: a, amount: '1' }, { account: b, amount: '-0.9' }],
        [{ account: a, amount: '1' }],
        [{ account: a, amount: '0' }, { account: b, amount: '0' }],
        [{ account: a, amount: '1e3' }, { account: b, amount: '-1e3' }],
        [{ account: a, amount: '1' }, { account: systemAccount('BTC', 'payouts'), amount: '-1' }],
      ];
      for (const postings of bad) {
        let error: unknown;
        await write((tx) => postTransaction(deps(), tx, { idempotencyKey: `bad:${Math.random()}`, kind: 'test', reference: 'x', postings })).catch((caught: unknown) => (error = caught));
        expect(error, JSON.stringify(postings)).to.be.instanceOf(InvalidLedgerTransaction);
      }
      expect(await initModels(database().sequelize).LedgerTransaction.count()).to.equal(0);
    });

    it('keeps postings and transactions append-only: updates and deletes are refused', async () => {
      await write((tx) => accrueReward(deps(), tx, { orderId: 1, partnerId: 7, amount: '5', pending: false }));
      const { LedgerPosting, LedgerTransaction } = initModels(database().sequelize);
      const posting = (await LedgerPosting.findOne())!;
      const refused = async (work: () => Promise<unknown>) => {
        let error: unknown;
        await work().catch((caught: unknown) => (error = caught));
        expect(error).to.be.instanceOf(AppendOnlyViolation);
      };
      await refused(() => posting.update({ amount: '6' }));
      await refused(() => posting.destroy());
      await refused(() => LedgerPosting.update({ amount: '6' }, { where: {} }));
      await refused(() => LedgerPosting.destroy({ where: {} }));
      await refused(() => LedgerTransaction.update({ kind: 'x' }, { where: {} }));
      await refused(() => LedgerTransaction.destroy({ where: {} }));
      expect(await LedgerPosting.count()).to.equal(2);
      await checkLedgerInvariants(database().sequelize);
    });

    it('rolls the whole transaction back when an account would go below zero (InsufficientFunds)', async () => {
      await write((tx) => accrueReward(deps(), tx, { orderId: 1, partnerId: 7, amount: '5', pending: false }));
      let error: unknown;
      await write((tx) => holdWithdrawal(deps(), tx, { withdrawalId: 1, userId: 7, amount: '5.000000000000000001' })).catch((caught: unknown) => (error = caught));
      expect(error).to.be.instanceOf(InsufficientFunds);
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '5', held: '0', debt: '0' });
      expect(await initModels(database().sequelize).LedgerTransaction.count()).to.equal(1);
      // The same key posts once it fits.
      expect((await write((tx) => holdWithdrawal(deps(), tx, { withdrawalId: 1, userId: 7, amount: '5' }))).created).to.equal(true);
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '0', held: '5', debt: '0' });
      await checkLedgerInvariants(database().sequelize);
    });

    it('releases pending rewards, and a reversal takes back from pending, then available, the rest as debt paid by the next reward', async () => {
      await write((tx) => accrueReward(deps(), tx, { orderId: 1, partnerId: 7, amount: '3', pending: true }));
      await write((tx) => reverseReward(deps(), tx, { orderId: 1, partnerId: 7 }));
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '0', held: '0', debt: '0' });
      expect(await write((tx) => releaseReward(deps(), tx, { orderId: 1, partnerId: 7 }))).to.equal(null);

      await write((tx) => accrueReward(deps(), tx, { orderId: 2, partnerId: 7, amount: '10', pending: true }));
      await write((tx) => releaseReward(deps(), tx, { orderId: 2, partnerId: 7 }));
      await write((tx) => holdWithdrawal(deps(), tx, { withdrawalId: 1, userId: 7, amount: '8' }));
      await write((tx) => settleWithdrawal(deps(), tx, { withdrawalId: 1, userId: 7, amount: '8' }, 'paid'));
      // A refusal after the payment posts nothing: one key for both outcomes.
      expect((await write((tx) => settleWithdrawal(deps(), tx, { withdrawalId: 1, userId: 7, amount: '8' }, 'void'))).created).to.equal(false);
      await write((tx) => reverseReward(deps(), tx, { orderId: 2, partnerId: 7 }));
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '0', held: '0', debt: '-8' });
      await write((tx) => accrueReward(deps(), tx, { orderId: 3, partnerId: 7, amount: '5', pending: false }));
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '0', held: '0', debt: '-3' });
      await write((tx) => accrueReward(deps(), tx, { orderId: 4, partnerId: 7, amount: '5', pending: false }));
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '2', held: '0', debt: '0' });
      // Reversing a reward that paid a debt puts the debt back.
      await write((tx) => reverseReward(deps(), tx, { orderId: 4, partnerId: 7 }));
      expect(await partnerBalances(deps(), 7)).to.deep.equal({ pending: '0', available: '0', held: '0', debt: '-3' });
      expect(await balanceOf(deps(), partnerAccount(7, 'debt'))).to.equal('-3');
      await checkLedgerInvariants(database().sequelize);
    });

    it('posts one reward for 50 parallel deliveries of one "done" event', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => write((tx) => accrueReward(deps(), tx, { orderId: 42, partnerId: 9, amount: '1.25', pending: false }))),
      );
      expect(results.filter((result) => result.created)).to.have.length(1);
      expect(new Set(results.map((result) => result.id)).size).to.equal(1);
      const { LedgerTransaction, LedgerPosting } = initModels(database().sequelize);
      expect(await LedgerTransaction.count()).to.equal(1);
      expect(await LedgerPosting.count()).to.equal(2);
      expect((await partnerBalances(deps(), 9)).available).to.equal('1.25');
      await checkLedgerInvariants(database().sequelize);
    });

    it('keeps every invariant after every step of random accruals, releases, withdrawals, payments, refusals and reversals', async () => {
      const partners = [1, 2, 3];
      const amount = fc.integer({ min: 1, max: 5000 }).map((cents) => new Big(cents).div(100).toFixed());
      const step = fc.oneof(
        fc.record({ op: fc.constant('accrue' as const), partner: fc.constantFrom(...partners), amount, pending: fc.boolean() }),
        fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
        fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
        fc.record({ op: fc.constant('hold' as const), partner: fc.constantFrom(...partners), amount }),
        fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), paid: fc.boolean() }),
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: site.dialect === 'mysql' ? 8 : 12 }), async (steps) => {
          run += 1;
          const base = run * 1000;
          // Each run has partners of its own (the database is shared by the runs).
          const pid = (partner: number) => base + partner;
          // The model: each partner's balances, the rewards and the requests.
          const model = new Map(partners.map((id) => [id, { pending: new Big(0), available: new Big(0), held: new Big(0), debt: new Big(0) }]));
          const rewards: { orderId: number; partner: number; amount: Big; paidDebt: Big; credited: Big; pending: boolean; released: boolean; reversed: boolean }[] = [];
          const holds: { id: number; partner: number; amount: Big; settled: boolean }[] = [];
          for (const [index, action] of steps.entries()) {
            const id = base + index;
            if (action.op === 'accrue') {
              const m = model.get(action.partner)!;
              const a = new Big(action.amount);
              const owed = m.debt.neg();
              const paid = owed.lt(a) ? owed : a;
              m.debt = m.debt.plus(paid);
              const rest = a.minus(paid);
              if (action.pending) m.pending = m.pending.plus(rest);
              else m.available = m.available.plus(rest);
              rewards.push({ orderId: id, partner: action.partner, amount: a, paidDebt: paid, credited: rest, pending: action.pending, released: false, reversed: false });
              await write((tx) => accrueReward(deps(), tx, { orderId: id, partnerId: pid(action.partner), amount: action.amount, pending: action.pending }));
            } else if (action.op === 'release' && rewards.length > 0) {
              const reward = rewards[action.pick % rewards.length]!;
              const result = await write((tx) => releaseReward(deps(), tx, { orderId: reward.orderId, partnerId: pid(reward.partner) }));
              const expected = reward.pending && !reward.released && !reward.reversed && reward.credited.gt(0);
              expect(result !== null && result.created, 'released').to.equal(expected);
              if (expected) {
                const m = model.get(reward.partner)!;
                m.pending = m.pending.minus(reward.credited);
                m.available = m.available.plus(reward.credited);
                reward.released = true;
              }
            } else if (action.op === 'reverse' && rewards.length > 0) {
              const reward = rewards[action.pick % rewards.length]!;
              await write((tx) => reverseReward(deps(), tx, { orderId: reward.orderId, partnerId: pid(reward.partner) }));
              if (!reward.reversed) {
                const m = model.get(reward.partner)!;
                let shortfall = reward.paidDebt;
                if (reward.pending && !reward.released) m.pending = m.pending.minus(reward.credited);
                else {
                  const taken = m.available.lt(reward.credited) ? m.available : reward.credited;
                  m.available = m.available.minus(taken);
                  shortfall = shortfall.plus(reward.credited.minus(taken));
                }
                m.debt = m.debt.minus(shortfall);
                reward.reversed = true;
              }
            } else if (action.op === 'hold') {
              const m = model.get(action.partner)!;
              const a = new Big(action.amount);
              const fits = m.available.gte(a);
              let error: unknown;
              await write((tx) => holdWithdrawal(deps(), tx, { withdrawalId: id, userId: pid(action.partner), amount: action.amount })).catch((caught: unknown) => (error = caught));
              if (fits) {
                expect(error).to.equal(undefined);
                m.available = m.available.minus(a);
                m.held = m.held.plus(a);
                holds.push({ id, partner: action.partner, amount: a, settled: false });
              } else expect(error).to.be.instanceOf(InsufficientFunds);
            } else if (action.op === 'settle' && holds.length > 0) {
              const hold = holds[action.pick % holds.length]!;
              const result = await write((tx) => settleWithdrawal(deps(), tx, { withdrawalId: hold.id, userId: pid(hold.partner), amount: hold.amount.toFixed() }, action.paid ? 'paid' : 'void'));
              expect(result.created).to.equal(!hold.settled);
              if (!hold.settled) {
                const m = model.get(hold.partner)!;
                m.held = m.held.minus(hold.amount);
                if (!action.paid) m.available = m.available.plus(hold.amount);
                hold.settled = true;
              }
            }
            await checkLedgerInvariants(database().sequelize);
            for (const [partner, m] of model) {
              expect(await partnerBalances(deps(), pid(partner)), `partner ${partner} after step ${index} ${JSON.stringify(action)}`).to.deep.equal({
                pending: m.pending.toFixed(),
                available: m.available.toFixed(),
                held: m.held.toFixed(),
                debt: m.debt.toFixed(),
              });
            }
          }
        }),
        { numRuns: site.dialect === 'mysql' ? 8 : 25 },
      );
    });
  });
}
