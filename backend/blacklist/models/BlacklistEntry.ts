import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { BLACKLIST_ACTIONS, BLACKLIST_KINDS, type BlacklistAction, type BlacklistKind } from '../../../common/blacklist';

/** One blacklist entry (table `blacklist_entries`, migration 0014). */
export class BlacklistEntry extends Model<InferAttributes<BlacklistEntry>, InferCreationAttributes<BlacklistEntry>> {
  declare id: CreationOptional<number>;
  declare kind: BlacklistKind;
  /** wallet/email: normalised; card: hex HMAC of the digits (never the number); ip: canonical CIDR. */
  declare value: string;
  declare last4: string | null;
  declare action: BlacklistAction;
  declare reason: string;
  declare createdById: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initBlacklistEntry(sequelize: Sequelize): typeof BlacklistEntry {
  class BoundBlacklistEntry extends BlacklistEntry {}
  BoundBlacklistEntry.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      kind: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...BLACKLIST_KINDS]] } },
      value: { type: DataTypes.STRING(255), allowNull: false },
      last4: { type: DataTypes.STRING(4), allowNull: true },
      action: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...BLACKLIST_ACTIONS]] } },
      reason: { type: DataTypes.STRING(500), allowNull: false },
      createdById: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'BlacklistEntry', tableName: 'blacklist_entries' },
  );
  return BoundBlacklistEntry;
}
