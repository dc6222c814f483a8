/** Test support for the ledger: the invariants every test checks after its writes. */
import { expect } from 'chai';
import type { Sequelize } from 'sequelize';
import { Big } from '../../../common/money';
import { initModels } from '../../models';
import { mayGoNegative } from '../post';

/**
 * Every transaction sums to zero per currency, every cached balance equals the sum of its
 * postings, no account that may not go negative is below zero, every posting's currency is its
 * account's. Reads the whole ledger (tests only).
 */
export async function checkLedgerInvariants(sequelize: Sequelize): Promise<void> {
  const { LedgerAccount, LedgerPosting } = initModels(sequelize);
  const [accounts, postings] = await Promise.all([LedgerAccount.findAll(), LedgerPosting.findAll({ attributes: ['transactionId', 'accountId', 'currency', 'amount'] })]);
  const byTransaction = new Map<string, Big>();
  const byAccount = new Map<number, Big>();
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  for (const posting of postings) {
    expect(currencyOf.get(posting.accountId), `posting currency of account ${posting.accountId}`).to.equal(posting.currency);
    const key = `${posting.transactionId}:${posting.currency}`;
    byTransaction.set(key, (byTransaction.get(key) ?? new Big(0)).plus(posting.amount));
    byAccount.set(posting.accountId, (byAccount.get(posting.accountId) ?? new Big(0)).plus(posting.amount));
  }
  for (const [key, sum] of byTransaction) expect(sum.toFixed(), `transaction ${key} sums to zero`).to.equal('0');
  for (const account of accounts) {
    const sum = byAccount.get(account.id) ?? new Big(0);
    expect(account.balance, `account ${account.id} (${account.ownerType}:${account.ownerId}:${account.kind}) balance = sum of postings`).to.equal(sum.toFixed());
    if (!mayGoNegative(account)) expect(sum.gte(0), `account ${account.id} (${account.kind}) is not below zero: ${sum.toFixed()}`).to.equal(true);
  }
}
