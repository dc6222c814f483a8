import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { OrderStatus } from '../../../common/enums';
import type { OrderActor } from '../../../common/orders';
import { jsonAttribute } from '../../platform/db/json';

/** One entry of an order's history (table `order_events`): a change and who made it. */
export class OrderEvent extends Model<InferAttributes<OrderEvent>, InferCreationAttributes<OrderEvent>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  /** The action or event: `created`, `confirm`, `received`, `expired`… */
  declare action: string;
  declare fromStatus: OrderStatus | null;
  declare toStatus: OrderStatus;
  declare actor: OrderActor;
  declare actorUserId: number | null;
  /** The operator's email at the time of the change. */
  declare actorName: string | null;
  declare details: Record<string, string> | null;
  declare createdAt: CreationOptional<Date>;
}

export function initOrderEvent(sequelize: Sequelize): typeof OrderEvent {
  class BoundOrderEvent extends OrderEvent {}
  BoundOrderEvent.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      action: { type: DataTypes.STRING(32), allowNull: false },
      fromStatus: { type: DataTypes.STRING(16), allowNull: true },
      toStatus: { type: DataTypes.STRING(16), allowNull: false },
      actor: { type: DataTypes.STRING(16), allowNull: false },
      actorUserId: { type: DataTypes.INTEGER, allowNull: true },
      actorName: { type: DataTypes.STRING(191), allowNull: true },
      details: jsonAttribute('details', true),
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'OrderEvent', tableName: 'order_events', updatedAt: false },
  );
  return BoundOrderEvent;
}
