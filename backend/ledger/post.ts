/**
 * The ledger's one write: `postTransaction` posts a balanced set of signed amounts under an
 * idempotency key, inside the caller's transaction (writeTransaction).
 *
 * - The transaction row goes in FIRST under its unique key. A replay (the same event seen twice,
 *   two workers, a retry) hits the unique index and posts nothing: on MySQL a concurrent insert of
 *   the same key waits for the first one's commit and then fails as a duplicate; on SQLite the
 *   writers take turns. Either way the answer is `{ id, created: false }`.
 * - Accounts are found or created (race-safe: a duplicate creation re-reads the winner's row).
 * - Balances change in account-id order (two transactions never wait on each other crosswise)
 *   by a conditional UPDATE: an account that may not go negative is never taken below zero; a
 *   refused change throws InsufficientFunds and the caller's whole transaction rolls back.
 *   MySQL does the exact DECIMAL arithmetic in SQL; SQLite keeps money as text, so the new
 *   balance is computed with big.js and written compare-and-set (the writers take turns anyway).
 */
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { Big, fitsMoneyColumn, isDecimalString } from '../../common/money';
import { initModels, type LedgerAccount, type LedgerTransaction as LedgerTransactionRow } from '../models';
import { dialectOf, moneySql, toMoneyColumnValue } from '../platform/db/money';
import { InsufficientFunds } from './errors';
import type { LedgerOwnerType } from './models/Ledger';

export interface LedgerDeps {
  sequelize: Sequelize;
}

/** Which account: its owner, currency and kind. System accounts have ownerId 0. */
export interface AccountRef {
  ownerType: LedgerOwnerType;
  ownerId: number;
  currency: string;
  kind: string;
}

export interface PostingInput {
  account: AccountRef;
  /** Signed decimal string, never zero. */
  amount: string;
}

export interface TransactionInput {
  idempotencyKey: string;
  kind: string;
  /** What caused it: `order:12`, `withdrawal:5`. */
  reference: string;
  postings: PostingInput[];
}

export interface PostResult {
  id: number;
  /** False when the key was already posted: nothing was posted this time. */
  created: boolean;
}

/** A call that can never be right (an unbalanced or malformed transaction): a bug, not a user error. */
export class InvalidLedgerTransaction extends Error {
  override readonly name = 'InvalidLedgerTransaction';
}

/** Kinds of user accounts that may go below zero: what a partner owes back. System accounts always may. */
export const NEGATIVE_USER_KINDS: readonly string[] = ['debt'];

export function mayGoNegative(account: Pick<AccountRef, 'ownerType' | 'kind'>): boolean {
  return account.ownerType === 'system' || NEGATIVE_USER_KINDS.includes(account.kind);
}

export function systemAccount(currency: string, kind: string): AccountRef {
  return { ownerType: 'system', ownerId: 0, currency, kind };
}

export function userAccount(userId: number, currency: string, kind: string): AccountRef {
  return { ownerType: 'user', ownerId: userId, currency, kind };
}

function accountKey(ref: AccountRef): string {
  return `${ref.ownerType}:${ref.ownerId}:${ref.currency}:${ref.kind}`;
}

function checkInput(input: TransactionInput): void {
  if (!input.idempotencyKey || input.idempotencyKey.length > 191) throw new InvalidLedgerTransaction('an idempotency key of 1–191 characters is required');
  if (input.postings.length < 2) throw new InvalidLedgerTransaction('a transaction has at least two postings');
  const sums = new Map<string, Big>();
  for (const posting of input.postings) {
    const { amount, account } = posting;
    if (!isDecimalString(amount) || !fitsMoneyColumn(amount)) throw new InvalidLedgerTransaction(`not a money amount: ${String(amount)}`);
    if (new Big(amount).eq(0)) throw new InvalidLedgerTransaction('a posting of zero');
    if (account.ownerType === 'system' && account.ownerId !== 0) throw new InvalidLedgerTransaction('a system account has ownerId 0');
    sums.set(account.currency, (sums.get(account.currency) ?? new Big(0)).plus(amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.eq(0)) throw new InvalidLedgerTransaction(`postings in ${currency} sum to ${sum.toFixed()}, not zero`);
  }
}

/** The account's row, created on first use (a concurrent creation: the winner's row). */
export async function findOrCreateAccount(deps: LedgerDeps, transaction: Transaction, ref: AccountRef): Promise<LedgerAccount> {
  const { LedgerAccount } = initModels(deps.sequelize);
  const where = { ownerType: ref.ownerType, ownerId: ref.ownerId, currency: ref.currency, kind: ref.kind };
  const found = await LedgerAccount.findOne({ where, transaction });
  if (found) return found;
  try {
    return await LedgerAccount.create({ ...where, balance: '0' }, { transaction });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    // A locking read sees the committed row even past this transaction's snapshot.
    const winner = await LedgerAccount.findOne({ where, transaction, lock: transaction.LOCK.UPDATE });
    if (!winner) throw error;
    return winner;
  }
}

/**
 * Creates the accounts ahead, each in its own short transaction (on MySQL: concurrent first uses
 * of one account, some of which roll back, would otherwise wait on each other's uncommitted
 * rows). Optional: postTransaction creates what is missing anyway.
 */
export async function openAccounts(deps: LedgerDeps, refs: readonly AccountRef[]): Promise<void> {
  if (dialectOf(deps.sequelize) !== 'mysql') return;
  const { LedgerAccount } = initModels(deps.sequelize);
  await LedgerAccount.bulkCreate(
    refs.map((ref) => ({ ownerType: ref.ownerType, ownerId: ref.ownerId, currency: ref.currency, kind: ref.kind, balance: '0' })),
    { ignoreDuplicates: true },
  );
}

async function applyChange(deps: LedgerDeps, transaction: Transaction, account: LedgerAccount, delta: Big): Promise<void> {
  const { sequelize } = deps;
  const negativeAllowed = mayGoNegative(account);
  const now = new Date();
  if (dialectOf(sequelize) === 'mysql') {
    const amount = moneySql(sequelize, delta.abs());
    const next = delta.lt(0) ? `balance - ${amount}` : `balance + ${amount}`;
    const guard = negativeAllowed || delta.gt(0) ? '' : ` AND balance >= ${amount}`;
    const [, changed] = await sequelize.query(`UPDATE ledger_accounts SET balance = ${next}, updatedAt = :now WHERE id = :id${guard}`, {
      replacements: { id: account.id, now },
      type: QueryTypes.UPDATE,
      transaction,
    });
    if (changed !== 1) throw new InsufficientFunds();
    return;
  }
  const [row] = await sequelize.query<{ balance: string }>('SELECT balance FROM ledger_accounts WHERE id = :id', {
    replacements: { id: account.id },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row) throw new InvalidLedgerTransaction(`account ${account.id} vanished`);
  const balance = new Big(String(row.balance)).plus(delta);
  if (!negativeAllowed && balance.lt(0)) throw new InsufficientFunds();
  const [, changed] = await sequelize.query('UPDATE ledger_accounts SET balance = :next, updatedAt = :now WHERE id = :id AND balance = :previous', {
    replacements: { id: account.id, next: toMoneyColumnValue('balance', balance), previous: String(row.balance), now },
    type: QueryTypes.UPDATE,
    transaction,
  });
  if (changed !== 1) throw new InvalidLedgerTransaction(`account ${account.id} changed under the writer's turn`);
}

/** Posts `input` once per idempotency key, in the caller's transaction (see the file's comment). */
export async function postTransaction(deps: LedgerDeps, transaction: Transaction, input: TransactionInput): Promise<PostResult> {
  checkInput(input);
  const { LedgerTransaction, LedgerPosting } = initModels(deps.sequelize);
  let created: LedgerTransactionRow;
  try {
    created = await LedgerTransaction.create({ idempotencyKey: input.idempotencyKey, kind: input.kind, reference: input.reference }, { transaction });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const existing = await LedgerTransaction.findOne({ where: { idempotencyKey: input.idempotencyKey }, transaction, lock: transaction.LOCK.SHARE });
    if (!existing) throw error;
    return { id: existing.id, created: false };
  }
  // One change per account (postings to the same account add up), applied in id order.
  const accounts = new Map<string, { account: LedgerAccount; delta: Big }>();
  for (const posting of input.postings) {
    const key = accountKey(posting.account);
    const entry = accounts.get(key) ?? { account: await findOrCreateAccount(deps, transaction, posting.account), delta: new Big(0) };
    entry.delta = entry.delta.plus(posting.amount);
    accounts.set(key, entry);
  }
  const ordered = [...accounts.values()].sort((a, b) => a.account.id - b.account.id);
  for (const { account, delta } of ordered) {
    if (!delta.eq(0)) await applyChange(deps, transaction, account, delta);
  }
  await LedgerPosting.bulkCreate(
    input.postings.map((posting) => ({
      transactionId: created.id,
      accountId: accounts.get(accountKey(posting.account))!.account.id,
      currency: posting.account.currency,
      amount: toMoneyColumnValue('amount', new Big(posting.amount)),
    })),
    { transaction },
  );
  return { id: created.id, created: true };
}

/**
 * An account's cached balance ('0' when it was never used). Inside `transaction` the row is
 * locked (FOR UPDATE by its primary key: an absent row is not locked at all, so concurrent
 * first uses never hold gap locks that block each other's inserts on MySQL).
 */
export async function balanceOf(deps: LedgerDeps, ref: AccountRef, transaction?: Transaction): Promise<string> {
  const { LedgerAccount } = initModels(deps.sequelize);
  const row = await LedgerAccount.findOne({
    where: { ownerType: ref.ownerType, ownerId: ref.ownerId, currency: ref.currency, kind: ref.kind },
    ...(transaction ? { transaction } : {}),
  });
  if (!row || !transaction) return row?.balance ?? '0';
  const locked = await LedgerAccount.findByPk(row.id, { transaction, lock: transaction.LOCK.UPDATE });
  return locked!.balance;
}

/** The sum of an account's postings (what its cached balance must equal), with big.js. */
export async function postingsSum(deps: LedgerDeps, ref: AccountRef): Promise<string> {
  const { LedgerAccount, LedgerPosting } = initModels(deps.sequelize);
  const account = await LedgerAccount.findOne({ where: { ownerType: ref.ownerType, ownerId: ref.ownerId, currency: ref.currency, kind: ref.kind } });
  if (!account) return '0';
  const rows = await LedgerPosting.findAll({ where: { accountId: account.id }, attributes: ['amount'] });
  return rows.reduce((sum, row) => sum.plus(row.amount), new Big(0)).toFixed();
}
