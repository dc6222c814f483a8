/**
 * The models, bound to one Sequelize instance. `initModels(sequelize)` returns the model classes
 * for that database (the same ones on every call).
 *
 * Why subclasses per instance: `Model.init` binds a class to one Sequelize. Tests (and the
 * cluster tests) run several servers in one process, each on its own database; a single global
 * class would silently follow whichever database initialised it last. So each database gets its
 * own subclass of `Asset`/`Direction`, and code asks `initModels(db.sequelize)` for them. Types
 * are the plain classes: an instance is an `Asset`.
 */
import type { Sequelize } from 'sequelize';
import { Asset, initAsset } from './Asset';
import { Direction, initDirection } from './Direction';
import { User, UserToken, initUser } from './User';
import { Order, initOrder } from './Order';
import { OrderEvent, initOrderEvent } from './OrderEvent';
import { OrderMail, initOrderMail } from './OrderMail';
import { PaymentDetail, initPaymentDetail } from './PaymentDetail';

export { Asset } from './Asset';
export { Direction, isExtraFields } from './Direction';
export { User, UserToken, type UserRole, type UserStatus, type TokenPurpose } from './User';
export { Order, type OrderExtra } from './Order';
export { OrderEvent } from './OrderEvent';
export { OrderMail } from './OrderMail';
export { PaymentDetail } from './PaymentDetail';

export interface Models {
  Asset: typeof Asset;
  Direction: typeof Direction;
  User: typeof User;
  UserToken: typeof UserToken;
  Order: typeof Order;
  OrderEvent: typeof OrderEvent;
  OrderMail: typeof OrderMail;
  PaymentDetail: typeof PaymentDetail;
}

const bound = new WeakMap<Sequelize, Models>();

export function initModels(sequelize: Sequelize): Models {
  const existing = bound.get(sequelize);
  if (existing) return existing;
  const models: Models = {
    Asset: initAsset(sequelize),
    Direction: initDirection(sequelize),
    ...initUser(sequelize),
    Order: initOrder(sequelize),
    OrderEvent: initOrderEvent(sequelize),
    OrderMail: initOrderMail(sequelize),
    PaymentDetail: initPaymentDetail(sequelize),
  };
  models.Direction.belongsTo(models.Asset, { as: 'fromAsset', foreignKey: 'fromCode', targetKey: 'code', constraints: false });
  models.Direction.belongsTo(models.Asset, { as: 'toAsset', foreignKey: 'toCode', targetKey: 'code', constraints: false });
  bound.set(sequelize, models);
  return models;
}
