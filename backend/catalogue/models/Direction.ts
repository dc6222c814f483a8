import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelAttributeColumnOptions,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { EXTRA_FIELD_NAMES, type DirectionFees, type ExtraFieldDto } from '../../../common/catalogue';
import { RATE_TYPES, type RateType } from '../../../common/enums';
import type { Schedule } from '../../../common/schedule';
import { money } from '../../platform/db';
import type { Asset } from './Asset';
import { jsonAttribute } from '../../platform/db/json';

/** An exchange offered from one asset to another (table `directions`, one row per pair). */
export class Direction extends Model<InferAttributes<Direction>, InferCreationAttributes<Direction>> {
  declare id: CreationOptional<number>;
  /** Code of the asset the client sends. */
  declare fromCode: string;
  /** Code of the asset the client receives. */
  declare toCode: string;
  /** Decimal string: percent kept by the exchanger. */
  declare markup: string;
  /** Decimal strings: order limits in units of `from`. */
  declare minAmount: string;
  declare maxAmount: string;
  declare rateTypes: RateType[];
  declare fixedPeriodMinutes: number;
  declare manual: CreationOptional<boolean>;
  declare oneWay: CreationOptional<boolean>;
  declare extraFields: CreationOptional<ExtraFieldDto[]>;
  declare fees: CreationOptional<DirectionFees | null>;
  /** Working hours of a manual direction (common/schedule.ts); null: always open. */
  declare schedule: CreationOptional<Schedule | null>;
  declare enabled: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare fromAsset?: NonAttribute<Asset>;
  declare toAsset?: NonAttribute<Asset>;
}

/** Rate types kept as `fixed,float` (in RATE_TYPES order, no repeats); read back as an array. */
function rateTypesAttribute(): ModelAttributeColumnOptions {
  return {
    type: DataTypes.STRING(32),
    allowNull: false,
    get(this: Direction) {
      const stored = this.getDataValue('rateTypes') as unknown as string | null;
      return stored ? (stored.split(',') as RateType[]) : [];
    },
    set(this: Direction, value: unknown) {
      if (!Array.isArray(value) || value.length === 0 || value.some((type) => !RATE_TYPES.includes(type))) {
        throw new TypeError(`rateTypes must be a non-empty list of ${RATE_TYPES.join(', ')}`);
      }
      const stored = RATE_TYPES.filter((type) => value.includes(type)).join(',');
      this.setDataValue('rateTypes', stored as unknown as RateType[]);
    },
  };
}

/** Whether a value is a list of extra fields this code knows. */
export function isExtraFields(value: unknown): value is ExtraFieldDto[] {
  return (
    Array.isArray(value) &&
    value.every(
      (field) =>
        typeof field === 'object' &&
        field !== null &&
        EXTRA_FIELD_NAMES.includes(field.name) &&
        typeof field.required === 'boolean' &&
        (field.pattern === undefined || typeof field.pattern === 'string'),
    )
  );
}

/** Initialises a subclass of Direction bound to `sequelize` (see backend/models.ts for why a subclass). */
export function initDirection(sequelize: Sequelize): typeof Direction {
  class BoundDirection extends Direction {}
  BoundDirection.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      fromCode: { type: DataTypes.STRING(32), allowNull: false },
      toCode: { type: DataTypes.STRING(32), allowNull: false },
      markup: money(sequelize, 'markup'),
      minAmount: money(sequelize, 'minAmount'),
      maxAmount: money(sequelize, 'maxAmount'),
      rateTypes: rateTypesAttribute(),
      fixedPeriodMinutes: { type: DataTypes.INTEGER, allowNull: false, validate: { min: 1 } },
      manual: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      oneWay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      extraFields: { ...jsonAttribute('extraFields', false), defaultValue: '[]' },
      fees: { ...jsonAttribute('fees', true), defaultValue: null },
      schedule: { ...jsonAttribute('schedule', true), defaultValue: null },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    {
      sequelize,
      modelName: 'Direction',
      tableName: 'directions',
      indexes: [{ unique: true, fields: ['fromCode', 'toCode'] }],
      // Model validators also run for a bulk update that sets other attributes: skip what is absent.
      validate: {
        differentAssets(this: Direction) {
          const from = this.getDataValue('fromCode');
          const to = this.getDataValue('toCode');
          if (from !== undefined && from === to) throw new Error('A direction needs two different assets');
        },
        knownExtraFields(this: Direction) {
          if (this.getDataValue('extraFields') === undefined) return;
          if (!isExtraFields(this.extraFields)) throw new Error(`extraFields must name fields among ${EXTRA_FIELD_NAMES.join(', ')}`);
        },
      },
    },
  );
  return BoundDirection;
}
