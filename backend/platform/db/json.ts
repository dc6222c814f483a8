import { DataTypes, type Model, type ModelAttributeColumnOptions } from 'sequelize';

/**
 * A JSON value kept in a TEXT column (MariaDB's JSON type is LONGTEXT and comes back unparsed):
 * parsed on read, serialised on write, null as SQL NULL. A row built from only some fields
 * (Sequelize's static `update`) reads as null.
 */
export function jsonAttribute(name: string, allowNull: boolean): ModelAttributeColumnOptions {
  return {
    type: DataTypes.TEXT,
    allowNull,
    get(this: Model) {
      const stored = this.getDataValue(name) as unknown;
      return typeof stored === 'string' ? JSON.parse(stored) : (stored ?? null);
    },
    set(this: Model, value: unknown) {
      this.setDataValue(name, value === null || value === undefined ? null : JSON.stringify(value));
    },
  };
}
