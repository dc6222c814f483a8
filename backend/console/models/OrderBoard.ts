import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** An order an operator marked seen (table `order_seen`, one row per order and operator: migration 0011). */
export class OrderSeen extends Model<InferAttributes<OrderSeen>, InferCreationAttributes<OrderSeen>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare userId: number;
  declare createdAt: CreationOptional<Date>;
}

/** A staff member's internal note on an order (table `order_notes`): never in a customer's DTO. */
export class OrderNote extends Model<InferAttributes<OrderNote>, InferCreationAttributes<OrderNote>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare authorId: number | null;
  declare text: string;
  declare createdAt: CreationOptional<Date>;
}

export function initOrderBoard(sequelize: Sequelize): { OrderSeen: typeof OrderSeen; OrderNote: typeof OrderNote } {
  class BoundOrderSeen extends OrderSeen {}
  BoundOrderSeen.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'OrderSeen', tableName: 'order_seen', updatedAt: false },
  );
  class BoundOrderNote extends OrderNote {}
  BoundOrderNote.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      authorId: { type: DataTypes.INTEGER, allowNull: true },
      text: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'OrderNote', tableName: 'order_notes', updatedAt: false },
  );
  return { OrderSeen: BoundOrderSeen, OrderNote: BoundOrderNote };
}
