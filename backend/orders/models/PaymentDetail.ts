import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * Where customers pay for one asset they send (table `payment_details`, see migrations 0008 and 0013): the
 * order page shows it from the pay step on. Edited by the exchanger; a disabled row shows nothing.
 */
export class PaymentDetail extends Model<InferAttributes<PaymentDetail>, InferCreationAttributes<PaymentDetail>> {
  declare id: CreationOptional<number>;
  declare assetCode: string;
  /** Wallet address, card number or office. */
  declare account: string;
  /** Memo / destination tag the payment must carry, if the asset needs one. */
  declare memo: CreationOptional<string | null>;
  /** Recipient name for cards, office hours for cash. */
  declare note: CreationOptional<string | null>;
  declare enabled: CreationOptional<boolean>;
  /** Card holder's name (cards), else null. */
  declare holder: CreationOptional<string | null>;
  /** A row of the demo seeding (migration 0013): never used once real rows exist (./paymentDetails.ts). */
  declare demo: CreationOptional<boolean>;
  /** When an order was last given this row: the rotation picks the least recently used. */
  declare lastUsedAt: CreationOptional<Date | null>;
  declare useCount: CreationOptional<number>;
  /** Soft delete: no new order gets the row, the orders that have it keep showing it. */
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initPaymentDetail(sequelize: Sequelize): typeof PaymentDetail {
  class BoundPaymentDetail extends PaymentDetail {}
  BoundPaymentDetail.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      assetCode: { type: DataTypes.STRING(32), allowNull: false, },
      account: { type: DataTypes.STRING(255), allowNull: false, validate: { notEmpty: true } },
      memo: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
      note: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      holder: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
      demo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      lastUsedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      useCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      deletedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'PaymentDetail', tableName: 'payment_details' },
  );
  return BoundPaymentDetail;
}
