import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** One application setting editable at run time (table `settings`, migration 0001): a key and a JSON value. */
export class Setting extends Model<InferAttributes<Setting>, InferCreationAttributes<Setting>> {
  declare key: string;
  /** JSON text. */
  declare value: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initSetting(sequelize: Sequelize): typeof Setting {
  class BoundSetting extends Setting {}
  BoundSetting.init(
    {
      key: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
      value: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'Setting', tableName: 'settings' },
  );
  return BoundSetting;
}
