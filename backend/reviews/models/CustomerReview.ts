import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { LANGS, type Lang } from '../../../common/api';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../common/customerReviews';

/** A customer's review of a done order (table `customer_reviews`, migration 0025). */
export class CustomerReview extends Model<InferAttributes<CustomerReview>, InferCreationAttributes<CustomerReview>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare userId: number | null;
  declare name: string;
  declare rating: number;
  declare text: string;
  declare lang: Lang;
  declare status: ReviewStatus;
  declare decidedById: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare reply: CreationOptional<string | null>;
  declare repliedById: CreationOptional<number | null>;
  declare repliedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initCustomerReview(sequelize: Sequelize): typeof CustomerReview {
  class BoundCustomerReview extends CustomerReview {}
  BoundCustomerReview.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      name: { type: DataTypes.STRING(64), allowNull: false },
      rating: { type: DataTypes.INTEGER, allowNull: false, validate: { min: 1, max: 5 } },
      text: { type: DataTypes.TEXT, allowNull: false },
      lang: { type: DataTypes.STRING(2), allowNull: false, validate: { isIn: [[...LANGS]] } },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...REVIEW_STATUSES]] } },
      decidedById: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      decidedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      reply: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      repliedById: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      repliedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'CustomerReview', tableName: 'customer_reviews' },
  );
  return BoundCustomerReview;
}
