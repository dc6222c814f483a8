import { DataTypes } from 'sequelize';
import { moneyColumn } from '../../backend/platform/db/money';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The double-entry ledger (backend/ledger) and the partners' withdrawal requests.
 * - `ledger_accounts`: one per (owner, currency, kind); `ownerId` 0 for system accounts, so the
 *   unique index dedupes them too (NULLs never collide in a unique index); `balance` is the cached
 *   sum of the account's postings, changed in the same transaction as they are written.
 * - `ledger_transactions`: one per posted event, under a unique idempotency key (a replay posts nothing).
 * - `ledger_postings`: the signed amounts, append-only.
 * - `withdrawals`: a partner's request (USDT amount, the payout in the chosen asset at the rate of
 *   the request, the account: a card sealed with its mask, a wallet as typed), its status and version.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('ledger_accounts', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    ownerType: { type: DataTypes.STRING(16), allowNull: false },
    ownerId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    currency: { type: DataTypes.STRING(32), allowNull: false },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    balance: moneyColumn(queryInterface, { defaultValue: '0' }),
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('ledger_accounts', ['ownerType', 'ownerId', 'currency', 'kind'], { name: 'ledger_accounts_owner', unique: true });
  await queryInterface.createTable('ledger_transactions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    idempotencyKey: { type: DataTypes.STRING(191), allowNull: false },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    reference: { type: DataTypes.STRING(64), allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('ledger_transactions', ['idempotencyKey'], { name: 'ledger_transactions_key', unique: true });
  await queryInterface.addIndex('ledger_transactions', ['reference'], { name: 'ledger_transactions_reference' });
  await queryInterface.createTable('ledger_postings', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    transactionId: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'ledger_transactions', key: 'id' } },
    accountId: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'ledger_accounts', key: 'id' } },
    currency: { type: DataTypes.STRING(32), allowNull: false },
    amount: moneyColumn(queryInterface),
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('ledger_postings', ['accountId', 'id'], { name: 'ledger_postings_account' });
  await queryInterface.addIndex('ledger_postings', ['transactionId'], { name: 'ledger_postings_transaction' });
  await queryInterface.createTable('withdrawals', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    currency: { type: DataTypes.STRING(32), allowNull: false },
    amount: moneyColumn(queryInterface),
    payout: moneyColumn(queryInterface),
    rate: moneyColumn(queryInterface),
    accountKind: { type: DataTypes.STRING(16), allowNull: false },
    /** A card number sealed (security/secretBox, bound to the user); a wallet as typed. */
    account: { type: DataTypes.TEXT, allowNull: false },
    accountMasked: { type: DataTypes.STRING(32), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    reason: { type: DataTypes.STRING(500), allowNull: true },
    version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    decidedById: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('withdrawals', ['userId', 'id'], { name: 'withdrawals_user' });
  await queryInterface.addIndex('withdrawals', ['status', 'id'], { name: 'withdrawals_queue' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('withdrawals');
  await queryInterface.dropTable('ledger_postings');
  await queryInterface.dropTable('ledger_transactions');
  await queryInterface.dropTable('ledger_accounts');
};
