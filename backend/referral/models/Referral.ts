import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { RewardRefusal } from '../../../common/referral';
import { money } from '../../platform/db';

/** A recorded `?r=` visit (table `referral_clicks`, migration 0020): never the raw address. */
export class ReferralClick extends Model<InferAttributes<ReferralClick>, InferCreationAttributes<ReferralClick>> {
  declare id: CreationOptional<number>;
  declare code: string;
  /** Keyed HMAC of the visitor's address (referral/ipHash.ts). */
  declare ipHash: string;
  declare userAgent: string | null;
  declare landingPath: string | null;
  declare createdAt: CreationOptional<Date>;
}

export const REWARD_DECISIONS = ['eligible', 'refused'] as const;
export type RewardDecision = (typeof REWARD_DECISIONS)[number];

/** Where an eligible reward stands on the ledger (migration 0021); null for a refused decision. */
export const REWARD_LEDGER_STATUSES = ['pending', 'available', 'reversed'] as const;
export type RewardLedgerStatus = (typeof REWARD_LEDGER_STATUSES)[number];

/**
 * The reward decision on one done order of a referred customer (table `referral_rewards`): one row
 * per order (unique orderId), eligible with the percent and amount, or refused with the reason.
 * The ledger (backend/ledger) posts the eligible amount; this row is the decision, not the balance.
 */
export class ReferralReward extends Model<InferAttributes<ReferralReward>, InferCreationAttributes<ReferralReward>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare partnerId: number;
  declare status: RewardDecision;
  declare reason: RewardRefusal | null;
  declare profitUsdt: string | null;
  declare percent: string | null;
  declare amount: string | null;
  /** Written with the posting: pending (the hold), available, reversed (the order was returned). */
  declare ledgerStatus: CreationOptional<RewardLedgerStatus | null>;
  /** When a pending reward is released (the release job); null otherwise. */
  declare releaseAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initReferral(sequelize: Sequelize): { ReferralClick: typeof ReferralClick; ReferralReward: typeof ReferralReward } {
  class BoundReferralClick extends ReferralClick {}
  BoundReferralClick.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      code: { type: DataTypes.STRING(32), allowNull: false },
      ipHash: { type: DataTypes.STRING(64), allowNull: false },
      userAgent: { type: DataTypes.STRING(200), allowNull: true },
      landingPath: { type: DataTypes.STRING(255), allowNull: true },
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'ReferralClick', tableName: 'referral_clicks', updatedAt: false },
  );
  class BoundReferralReward extends ReferralReward {}
  BoundReferralReward.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      partnerId: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...REWARD_DECISIONS]] } },
      reason: { type: DataTypes.STRING(16), allowNull: true },
      profitUsdt: money(sequelize, 'profitUsdt', { allowNull: true }),
      percent: money(sequelize, 'percent', { allowNull: true }),
      amount: money(sequelize, 'amount', { allowNull: true }),
      ledgerStatus: { type: DataTypes.STRING(16), allowNull: true, validate: { isIn: [[...REWARD_LEDGER_STATUSES]] } },
      releaseAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'ReferralReward', tableName: 'referral_rewards' },
  );
  return { ReferralClick: BoundReferralClick, ReferralReward: BoundReferralReward };
}
