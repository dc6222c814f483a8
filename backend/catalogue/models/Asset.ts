import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ASSET_CODE_PATTERN, RESERVE_MODES, type ReserveMode } from '../../../common/catalogue';
import { ASSET_TYPES, type AssetType } from '../../../common/enums';
import { money } from '../../platform/db';

/** A currency, bank card or cash desk the exchanger sends or receives (table `assets`). */
export class Asset extends Model<InferAttributes<Asset>, InferCreationAttributes<Asset>> {
  declare id: CreationOptional<number>;
  /** Unique code in the monitoring convention (`BTC`, `SBERRUB`, `CASHRUBMSK`). */
  declare code: string;
  /** Latin name (English interface, exports). */
  declare name: string;
  /** Russian name where it differs from `name`, else null. */
  declare nameRu: CreationOptional<string | null>;
  declare type: AssetType;
  declare currency: string;
  declare network: string | null;
  /** Decimal places amounts of this asset are kept to. */
  declare precision: number;
  declare icon: string;
  /** Decimal string: what the exchanger can pay out. */
  declare reserve: CreationOptional<string>;
  /** `computed`: `reserve` is published; `manual`: `reserveManual`, set by an admin. */
  declare reserveMode: CreationOptional<ReserveMode>;
  declare reserveManual: CreationOptional<string | null>;
  declare enabled: CreationOptional<boolean>;
  declare city: string | null;
  /** Position within its type in lists (smaller first). */
  declare sortOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Initialises a subclass of Asset bound to `sequelize` (see backend/models.ts for why a subclass). */
export function initAsset(sequelize: Sequelize): typeof Asset {
  class BoundAsset extends Asset {}
  BoundAsset.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      code: { type: DataTypes.STRING(32), allowNull: false, unique: true, validate: { is: ASSET_CODE_PATTERN } },
      name: { type: DataTypes.STRING(128), allowNull: false, validate: { notEmpty: true } },
      nameRu: { type: DataTypes.STRING(128), allowNull: true, defaultValue: null },
      type: { type: DataTypes.STRING(8), allowNull: false, validate: { isIn: [[...ASSET_TYPES]] } },
      currency: { type: DataTypes.STRING(16), allowNull: false, validate: { notEmpty: true } },
      network: { type: DataTypes.STRING(16), allowNull: true },
      precision: { type: DataTypes.INTEGER, allowNull: false, validate: { min: 0, max: 18 } },
      icon: { type: DataTypes.STRING(64), allowNull: false },
      reserve: money(sequelize, 'reserve', { defaultValue: '0' }),
      reserveMode: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'computed', validate: { isIn: [[...RESERVE_MODES]] } },
      reserveManual: money(sequelize, 'reserveManual', { allowNull: true }),
      enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      city: { type: DataTypes.STRING(16), allowNull: true },
      sortOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'Asset', tableName: 'assets' },
  );
  return BoundAsset;
}
