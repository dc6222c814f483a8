import { DataTypes, type Sequelize } from 'sequelize';
import type { MailTemplate, MailVars } from '../../platform/mail/templates';
import { jsonAttribute } from '../../platform/db/json';
import { bindOutboxModel, OutboxRecord } from '../../platform/outbox/model';

/** One customer email about an order (table `order_mails`, an outbox: see migration 0005). */
export class OrderMail extends OutboxRecord<OrderMail> {
  declare orderId: number;
  declare template: MailTemplate;
  declare vars: MailVars;
}

export function initOrderMail(sequelize: Sequelize): typeof OrderMail {
  return bindOutboxModel(
    sequelize,
    OrderMail,
    { orderId: { type: DataTypes.INTEGER, allowNull: false }, template: { type: DataTypes.STRING(32), allowNull: false }, vars: jsonAttribute('vars', false) },
    { modelName: 'OrderMail', tableName: 'order_mails' },
  );
}
