import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { REQUISITE_KINDS, type RequisiteKind, type StoredRequisiteStatus } from '../../../common/requisites';

/**
 * One saved card or wallet of a user (table `requisites`, migration 0017). The number is kept
 * sealed (security/secretBox, bound to the user) and as a keyed hash (HMAC under the app's keys)
 * for look-ups; it is never stored in clear. Deleting sets `deletedAt` and drops the sealed
 * number and the photo: the row stays as the verification record (who decided what, when, on
 * which card by hash and last four) for the audit and for the shared-card rule.
 */
export class Requisite extends Model<InferAttributes<Requisite>, InferCreationAttributes<Requisite>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare kind: RequisiteKind;
  declare assetCode: string;
  /** Sealed number (null once deleted). */
  declare numberSealed: string | null;
  /** Hex HMAC-SHA256 of the normalised number under the app's first key. */
  declare numberHash: string;
  /** What the user sees: `•••• 1234` or a shortened wallet. */
  declare masked: string;
  declare holder: string | null;
  declare expiryMonth: number | null;
  declare expiryYear: number | null;
  declare status: StoredRequisiteStatus;
  declare rejectReason: string | null;
  /** The same card was verified for another user when this one was added. */
  declare shared: boolean;
  declare photoKey: string | null;
  declare photoAt: Date | null;
  /** The order whose card approval saved it (null: added on the page). */
  declare orderUid: string | null;
  declare decidedById: number | null;
  declare decidedAt: Date | null;
  declare deletedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initRequisite(sequelize: Sequelize): typeof Requisite {
  class BoundRequisite extends Requisite {}
  BoundRequisite.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      kind: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...REQUISITE_KINDS]] } },
      assetCode: { type: DataTypes.STRING(32), allowNull: false },
      numberSealed: { type: DataTypes.TEXT, allowNull: true },
      numberHash: { type: DataTypes.STRING(64), allowNull: false },
      masked: { type: DataTypes.STRING(32), allowNull: false },
      holder: { type: DataTypes.STRING(64), allowNull: true },
      expiryMonth: { type: DataTypes.INTEGER, allowNull: true },
      expiryYear: { type: DataTypes.INTEGER, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false },
      rejectReason: { type: DataTypes.TEXT, allowNull: true },
      shared: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      photoKey: { type: DataTypes.STRING(128), allowNull: true },
      photoAt: { type: DataTypes.DATE, allowNull: true },
      orderUid: { type: DataTypes.STRING(16), allowNull: true },
      decidedById: { type: DataTypes.INTEGER, allowNull: true },
      decidedAt: { type: DataTypes.DATE, allowNull: true },
      deletedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'Requisite', tableName: 'requisites' },
  );
  return BoundRequisite;
}
