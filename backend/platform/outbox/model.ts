/**
 * What every outbox table's model shares: the columns ./delivery.ts works on (the migrations
 * create them alike) and the binding of a model to one Sequelize. A table's model extends
 * OutboxRecord with its own columns and binds with `bindOutboxModel`.
 */
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type ModelAttributeColumnOptions, type Sequelize } from 'sequelize';

/** One row of an outbox: its id, its delivery state, its timestamps; `M` is the table's model. */
export abstract class OutboxRecord<M extends OutboxRecord<M>> extends Model<InferAttributes<M>, InferCreationAttributes<M>> {
  declare id: CreationOptional<number>;
  /** Sending attempts made so far. */
  declare attempts: CreationOptional<number>;
  /** Not tried again before this. */
  declare nextAttemptAt: Date;
  /** A process is sending it until then (after that, another may); the writer decides: claimed or null. */
  declare lockedUntil: Date | null;
  declare sentAt: CreationOptional<Date | null>;
  /** Given up after the last attempt, or at once on a final refusal. */
  declare failedAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The delivery columns of every outbox table's model. */
export function deliveryAttributes(): Record<'attempts' | 'nextAttemptAt' | 'lockedUntil' | 'sentAt' | 'failedAt' | 'lastError', ModelAttributeColumnOptions> {
  return {
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    failedAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
  };
}

/** Every column of an outbox table: the id, the table's own `columns`, the delivery columns, the timestamps. */
export function outboxAttributes(columns: Record<string, ModelAttributeColumnOptions>): Record<string, ModelAttributeColumnOptions | typeof DataTypes.DATE> {
  return {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    ...columns,
    ...deliveryAttributes(),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  };
}

const bound = new WeakMap<Sequelize, Map<object, unknown>>();

/**
 * The subclass of `base` bound to `sequelize`, the same one on every call (backend/models.ts
 * registers it): table `tableName` with the outbox columns and the table's own `columns`.
 */
export function bindOutboxModel<C extends abstract new (...args: never[]) => Model>(
  sequelize: Sequelize,
  base: C,
  columns: Record<string, ModelAttributeColumnOptions>,
  options: { modelName: string; tableName: string },
): C {
  const models = bound.get(sequelize) ?? new Map<object, unknown>();
  bound.set(sequelize, models);
  const existing = models.get(base);
  if (existing) return existing as C;
  const Base = base as unknown as typeof OutboxModel;
  class Bound extends Base {}
  Bound.init(outboxAttributes(columns), { sequelize, ...options });
  models.set(base, Bound);
  return Bound as unknown as C;
}

/** A concrete stand-in for typing `bindOutboxModel`'s subclass. */
class OutboxModel extends Model {}
