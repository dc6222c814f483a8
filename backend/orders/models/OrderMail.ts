import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { MailTemplate, MailVars } from '../../platform/mail/templates';
import { jsonAttribute } from '../../platform/db/json';
import { deliveryAttributes } from '../../platform/mail/delivery';

/** One customer email about an order (table `order_mails`, an outbox: see migration 0005). */
export class OrderMail extends Model<InferAttributes<OrderMail>, InferCreationAttributes<OrderMail>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare template: MailTemplate;
  declare vars: MailVars;
  /** Sending attempts made so far. */
  declare attempts: CreationOptional<number>;
  /** Not tried again before this. */
  declare nextAttemptAt: Date;
  /** A process is sending it until then (after that, another may). */
  declare lockedUntil: Date | null;
  declare sentAt: CreationOptional<Date | null>;
  /** Given up after the last attempt. */
  declare failedAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initOrderMail(sequelize: Sequelize): typeof OrderMail {
  class BoundOrderMail extends OrderMail {}
  BoundOrderMail.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      template: { type: DataTypes.STRING(32), allowNull: false },
      vars: jsonAttribute('vars', false),
      ...deliveryAttributes(),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'OrderMail', tableName: 'order_mails' },
  );
  return BoundOrderMail;
}
