import { DataTypes, Utils, type DataType, type ModelAttributeColumnOptions, type QueryInterface, type Sequelize } from 'sequelize';
import { Big, fitsMoneyColumn, isDecimalString, MONEY_INTEGER_DIGITS, MONEY_SCALE, normalizeMoney } from '../../../common/money';

export type Dialect = 'sqlite' | 'mysql';

/** Total digits of a money column: DECIMAL(36,18). */
export const MONEY_PRECISION = MONEY_INTEGER_DIGITS + MONEY_SCALE;

/** A value written to a money column is not a decimal that fits DECIMAL(36,18) exactly. */
export class InvalidMoneyValueError extends Error {
  override readonly name = 'InvalidMoneyValueError';

  constructor(readonly attribute: string, value: unknown) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`;
    super(`${attribute} must be a decimal string with at most ${MONEY_INTEGER_DIGITS} integer and ${MONEY_SCALE} fraction digits, got ${shown}`);
  }
}

/**
 * The column type for money. MySQL: DECIMAL(36,18). SQLite has no exact decimal: a DECIMAL
 * column has NUMERIC affinity and stores 123456789012345678.123456789012345678 as the double
 * 123456789012345680 (proved in money.int.test.ts), so money is kept as TEXT there, holding the
 * canonical decimal string. Consequence on SQLite: compare and add amounts in JavaScript with
 * big.js, not in SQL (text compares as text).
 */
export function moneyType(dialect: Dialect): DataType {
  return dialect === 'mysql' ? DataTypes.DECIMAL(MONEY_PRECISION, MONEY_SCALE) : DataTypes.TEXT;
}

/** Dialect of a Sequelize instance, narrowed to the two we run on. */
export function dialectOf(sequelize: Sequelize): Dialect {
  const dialect = sequelize.getDialect();
  if (dialect !== 'sqlite' && dialect !== 'mysql') throw new Error(`Unsupported dialect ${dialect}`);
  return dialect;
}

/**
 * Checks and canonicalises a value for a money column: a decimal string (or Big) that fits
 * DECIMAL(36,18) without rounding. A JavaScript number is refused: it may already have lost digits.
 */
export function toMoneyColumnValue(attribute: string, value: unknown): string {
  const text = value instanceof Big ? value.toFixed() : value;
  if (typeof text !== 'string' || !isDecimalString(text) || !fitsMoneyColumn(text)) {
    throw new InvalidMoneyValueError(attribute, value);
  }
  return normalizeMoney(text);
}

/**
 * A model attribute for money: reads give the canonical decimal string (`'1.5'`, never
 * `'1.500000000000000000'` nor a number); writes accept decimal strings or Big values that fit
 * DECIMAL(36,18) and throw InvalidMoneyValueError otherwise (never round). SQL expressions
 * (`sequelize.literal`, `fn`, `col`) pass through for atomic updates on MySQL.
 */
export function money(
  sequelize: Sequelize,
  name: string,
  options: { allowNull?: boolean; defaultValue?: string } = {},
): ModelAttributeColumnOptions {
  return {
    type: moneyType(dialectOf(sequelize)),
    allowNull: options.allowNull ?? false,
    ...(options.defaultValue === undefined ? {} : { defaultValue: toMoneyColumnValue(name, options.defaultValue) }),
    get(this: { getDataValue(key: string): unknown }) {
      const stored = this.getDataValue(name);
      if (stored === null || stored === undefined || stored instanceof Utils.SequelizeMethod) return stored;
      return normalizeMoney(String(stored));
    },
    set(this: { setDataValue(key: string, value: unknown): void }, value: unknown) {
      const accepted = value === null || value instanceof Utils.SequelizeMethod;
      this.setDataValue(name, accepted ? value : toMoneyColumnValue(name, value));
    },
  };
}

/** A money column for migrations (`createTable` / `addColumn`), typed for the connection's dialect. */
export function moneyColumn(
  queryInterface: QueryInterface,
  options: { allowNull?: boolean; defaultValue?: string } = {},
): ModelAttributeColumnOptions {
  return {
    type: moneyType(dialectOf(queryInterface.sequelize)),
    allowNull: options.allowNull ?? false,
    ...(options.defaultValue === undefined ? {} : { defaultValue: toMoneyColumnValue('defaultValue', options.defaultValue) }),
  };
}

/**
 * A money value as an SQL expression for arithmetic and comparisons in SQL on MySQL, e.g.
 * `literal(\`balance - ${moneySql(sequelize, amount)}\`)` or `balance >= ${…}`. A plain quoted
 * string would not do: MySQL turns `balance - '0.000000000000000001'` into DOUBLE arithmetic and
 * loses the digit (money.int.test.ts shows it). SQLite stores money as text and cannot do exact
 * arithmetic at all, so there this throws: compute with big.js inside the transaction instead.
 */
export function moneySql(sequelize: Sequelize, value: string | Big): string {
  if (dialectOf(sequelize) !== 'mysql') {
    throw new Error('Exact money arithmetic in SQL needs MySQL; on SQLite compute with big.js in the transaction');
  }
  const canonical = toMoneyColumnValue('value', value);
  return `CAST(${sequelize.escape(canonical)} AS DECIMAL(${MONEY_PRECISION},${MONEY_SCALE}))`;
}
