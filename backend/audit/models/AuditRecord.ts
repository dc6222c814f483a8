import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonAttribute } from '../../platform/db/json';

/** One staff action or configuration change (table `audit_records`, migration 0010). Never edited. */
export class AuditRecord extends Model<InferAttributes<AuditRecord>, InferCreationAttributes<AuditRecord>> {
  declare id: CreationOptional<number>;
  /** The staff member (null: the system, e.g. the command line). */
  declare actorId: number | null;
  declare actorEmail: string | null;
  declare actorRole: string | null;
  /** What was done, `<area>.<verb>`: `order.claim`, `direction.update`, `maintenance.set`… */
  declare action: string;
  declare targetType: string;
  declare targetId: string;
  /** The changed values before and after (only the fields the action touched). */
  declare before: Record<string, unknown> | null;
  declare after: Record<string, unknown> | null;
  declare ip: string | null;
  declare createdAt: CreationOptional<Date>;
}

class AppendOnly extends Error {
  constructor() {
    super('audit records are never edited or deleted');
  }
}

export function initAuditRecord(sequelize: Sequelize): typeof AuditRecord {
  class BoundAuditRecord extends AuditRecord {}
  BoundAuditRecord.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      actorId: { type: DataTypes.INTEGER, allowNull: true },
      actorEmail: { type: DataTypes.STRING(254), allowNull: true },
      actorRole: { type: DataTypes.STRING(16), allowNull: true },
      action: { type: DataTypes.STRING(64), allowNull: false },
      targetType: { type: DataTypes.STRING(32), allowNull: false },
      targetId: { type: DataTypes.STRING(128), allowNull: false },
      before: jsonAttribute('before', true),
      after: jsonAttribute('after', true),
      ip: { type: DataTypes.STRING(64), allowNull: true },
      createdAt: DataTypes.DATE,
    },
    {
      sequelize,
      modelName: 'AuditRecord',
      tableName: 'audit_records',
      updatedAt: false,
      hooks: {
        beforeUpdate: () => {
          throw new AppendOnly();
        },
        beforeDestroy: () => {
          throw new AppendOnly();
        },
        beforeBulkUpdate: () => {
          throw new AppendOnly();
        },
        beforeBulkDestroy: () => {
          throw new AppendOnly();
        },
      },
    },
  );
  return BoundAuditRecord;
}
