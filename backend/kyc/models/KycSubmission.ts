import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { KYC_STATUSES } from '../../../common/enums';
import type { KycStatus } from '../../../common/api';

/** One identity-verification submission (table `kyc_submissions`, migration 0018). */
export class KycSubmission extends Model<InferAttributes<KycSubmission>, InferCreationAttributes<KycSubmission>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** Which KycProvider reviews it (backend/kyc/provider.ts). */
  declare provider: CreationOptional<string>;
  /** Storage keys (backend/uploads); null once the retention period removed the files. */
  declare documentKey: string | null;
  declare selfieKey: string | null;
  declare status: KycStatus;
  declare reason: CreationOptional<string | null>;
  declare final: CreationOptional<boolean>;
  declare decidedById: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare filesDeletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initKycSubmission(sequelize: Sequelize): typeof KycSubmission {
  class BoundKycSubmission extends KycSubmission {}
  BoundKycSubmission.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      provider: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'manual' },
      documentKey: { type: DataTypes.STRING(80), allowNull: true },
      selfieKey: { type: DataTypes.STRING(80), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...KYC_STATUSES]] } },
      reason: { type: DataTypes.STRING(500), allowNull: true },
      final: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      decidedById: { type: DataTypes.INTEGER, allowNull: true },
      decidedAt: { type: DataTypes.DATE, allowNull: true },
      filesDeletedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'KycSubmission', tableName: 'kyc_submissions' },
  );
  return BoundKycSubmission;
}
