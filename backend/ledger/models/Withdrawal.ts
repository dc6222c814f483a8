import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../common/referral';
import { money } from '../../platform/db/money';

/** A partner's withdrawal request (table `withdrawals`, migration 0019). */
export class Withdrawal extends Model<InferAttributes<Withdrawal>, InferCreationAttributes<Withdrawal>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** The asset paid out. */
  declare currency: string;
  /** USDT taken off the available balance (held until paid or refused). */
  declare amount: string;
  /** What is paid in `currency`. */
  declare payout: string;
  /** Units of `currency` per USDT at the request. */
  declare rate: string;
  declare accountKind: 'card' | 'wallet';
  /** A card number sealed (bound to the user), a wallet as typed. */
  declare account: string;
  declare accountMasked: string;
  declare status: WithdrawalStatus;
  declare reason: string | null;
  /** Raised by every status change: staff changes are conditional on it. */
  declare version: CreationOptional<number>;
  declare decidedById: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initWithdrawal(sequelize: Sequelize): typeof Withdrawal {
  class BoundWithdrawal extends Withdrawal {}
  BoundWithdrawal.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      currency: { type: DataTypes.STRING(32), allowNull: false },
      amount: money(sequelize, 'amount'),
      payout: money(sequelize, 'payout'),
      rate: money(sequelize, 'rate'),
      accountKind: { type: DataTypes.STRING(16), allowNull: false },
      account: { type: DataTypes.TEXT, allowNull: false },
      accountMasked: { type: DataTypes.STRING(32), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...WITHDRAWAL_STATUSES]] } },
      reason: { type: DataTypes.STRING(500), allowNull: true },
      version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      decidedById: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'Withdrawal', tableName: 'withdrawals' },
  );
  return BoundWithdrawal;
}
