import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { money } from '../../platform/db/money';

export type LedgerOwnerType = 'user' | 'system';

/** One account of the ledger (table `ledger_accounts`, migration 0019): an owner's balance of one kind in one currency. */
export class LedgerAccount extends Model<InferAttributes<LedgerAccount>, InferCreationAttributes<LedgerAccount>> {
  declare id: CreationOptional<number>;
  declare ownerType: LedgerOwnerType;
  /** The user's id; 0 for a system account. */
  declare ownerId: number;
  declare currency: string;
  declare kind: string;
  /** The sum of the account's postings, kept in the transaction that writes them. */
  declare balance: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One posted event (table `ledger_transactions`): its idempotency key is unique, so a replay posts nothing. */
export class LedgerTransaction extends Model<InferAttributes<LedgerTransaction>, InferCreationAttributes<LedgerTransaction>> {
  declare id: CreationOptional<number>;
  declare idempotencyKey: string;
  declare kind: string;
  /** What caused it: `order:12`, `withdrawal:5`. */
  declare reference: string;
  declare createdAt: CreationOptional<Date>;
}

/** A signed amount on one account (table `ledger_postings`): append-only, the model refuses updates and deletes. */
export class LedgerPosting extends Model<InferAttributes<LedgerPosting>, InferCreationAttributes<LedgerPosting>> {
  declare id: CreationOptional<number>;
  declare transactionId: number;
  declare accountId: number;
  declare currency: string;
  declare amount: string;
  declare createdAt: CreationOptional<Date>;
}

/** A posting is never changed nor removed: a correction is a new transaction. */
export class AppendOnlyViolation extends Error {
  override readonly name = 'AppendOnlyViolation';
  constructor(what: string) {
    super(`ledger postings and transactions are append-only: ${what} refused`);
  }
}

function appendOnly(model: { addHook(name: string, fn: () => void): unknown }, name: string): void {
  for (const hook of ['beforeUpdate', 'beforeBulkUpdate', 'beforeDestroy', 'beforeBulkDestroy', 'beforeUpsert', 'beforeRestore', 'beforeBulkRestore']) {
    model.addHook(hook, () => {
      throw new AppendOnlyViolation(`${name} ${hook.replace(/^before/, '').toLowerCase()}`);
    });
  }
}

export function initLedger(sequelize: Sequelize): { LedgerAccount: typeof LedgerAccount; LedgerTransaction: typeof LedgerTransaction; LedgerPosting: typeof LedgerPosting } {
  class BoundAccount extends LedgerAccount {}
  BoundAccount.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      ownerType: { type: DataTypes.STRING(16), allowNull: false },
      ownerId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      currency: { type: DataTypes.STRING(32), allowNull: false },
      kind: { type: DataTypes.STRING(32), allowNull: false },
      balance: money(sequelize, 'balance', { defaultValue: '0' }),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'LedgerAccount', tableName: 'ledger_accounts' },
  );
  class BoundTransaction extends LedgerTransaction {}
  BoundTransaction.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      idempotencyKey: { type: DataTypes.STRING(191), allowNull: false, unique: true },
      kind: { type: DataTypes.STRING(32), allowNull: false },
      reference: { type: DataTypes.STRING(64), allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'LedgerTransaction', tableName: 'ledger_transactions', updatedAt: false },
  );
  appendOnly(BoundTransaction, 'ledger transaction');
  class BoundPosting extends LedgerPosting {}
  BoundPosting.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      transactionId: { type: DataTypes.INTEGER, allowNull: false },
      accountId: { type: DataTypes.INTEGER, allowNull: false },
      currency: { type: DataTypes.STRING(32), allowNull: false },
      amount: money(sequelize, 'amount'),
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'LedgerPosting', tableName: 'ledger_postings', updatedAt: false },
  );
  appendOnly(BoundPosting, 'ledger posting');
  return { LedgerAccount: BoundAccount, LedgerTransaction: BoundTransaction, LedgerPosting: BoundPosting };
}
