import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { deliveryAttributes } from '../platform/mail/delivery';
import type { AlertKind } from './texts';

/**
 * One staff alert waiting in the outbox (table `alert_outbox`, migration 0015; ./outbox.ts sends
 * it). `text` is final (rendered when the change was written); no token or chat id is stored.
 */
export class AlertOutbox extends Model<InferAttributes<AlertOutbox>, InferCreationAttributes<AlertOutbox>> {
  declare id: CreationOptional<number>;
  declare kind: AlertKind;
  declare text: string;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: Date;
  declare lockedUntil: CreationOptional<Date | null>;
  declare sentAt: CreationOptional<Date | null>;
  declare failedAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const bound = new WeakMap<Sequelize, typeof AlertOutbox>();

/** The AlertOutbox subclass bound to `sequelize`, the same one on every call (backend/models.ts registers it). */
export function initAlertOutbox(sequelize: Sequelize): typeof AlertOutbox {
  const existing = bound.get(sequelize);
  if (existing) return existing;
  class BoundAlertOutbox extends AlertOutbox {}
  BoundAlertOutbox.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      kind: { type: DataTypes.STRING(32), allowNull: false },
      text: { type: DataTypes.TEXT, allowNull: false },
      ...deliveryAttributes(),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'AlertOutbox', tableName: 'alert_outbox' },
  );
  bound.set(sequelize, BoundAlertOutbox);
  return BoundAlertOutbox;
}
