import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * Where customers pay for one asset they send (table `payment_details`, see migration 0008): the
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
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initPaymentDetail(sequelize: Sequelize): typeof PaymentDetail {
  class BoundPaymentDetail extends PaymentDetail {}
  BoundPaymentDetail.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      assetCode: { type: DataTypes.STRING(32), allowNull: false, unique: true },
      account: { type: DataTypes.STRING(255), allowNull: false, validate: { notEmpty: true } },
      memo: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
      note: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'PaymentDetail', tableName: 'payment_details' },
  );
  return BoundPaymentDetail;
}
