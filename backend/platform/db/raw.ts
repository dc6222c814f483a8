/**
 * Rows read with `raw: true` (no model instances: the hot list reads) as the model's instances would
 * give them: dates as Date (SQLite hands back text), booleans as booleans (both dialects hand back
 * 0/1), then each attribute's own getter (money's canonical decimal string, JSON columns). The
 * model definitions stay the one home of how a column reads.
 */
import type { Attributes, Model, ModelStatic } from 'sequelize';

type Reader = (value: unknown) => unknown;

const readers = new WeakMap<ModelStatic<Model>, Array<[string, Reader]>>();

function readerOf(type: { key?: string } | undefined, get: ((this: unknown) => unknown) | undefined): Reader | null {
  const key = type?.key;
  const convert: Reader | null =
    key === 'DATE'
      ? (value) => (value === null || value === undefined || value instanceof Date ? value : new Date(String(value)))
      : key === 'BOOLEAN'
        ? (value) => (value === null || value === undefined ? value : value === true || value === 1 || value === '1')
        : null;
  if (!get) return convert;
  // One holder per reader, refilled per value (reads are synchronous): no object and closure per cell.
  const holder = {
    stored: undefined as unknown,
    getDataValue(): unknown {
      return holder.stored;
    },
  };
  return (value) => {
    holder.stored = convert ? convert(value) : value;
    return get.call(holder);
  };
}

function readersOf(model: ModelStatic<Model>): Array<[string, Reader]> {
  let known = readers.get(model);
  if (!known) {
    known = [];
    for (const [name, attribute] of Object.entries(model.getAttributes())) {
      const reader = readerOf(attribute.type as { key?: string }, attribute.get as ((this: unknown) => unknown) | undefined);
      if (reader) known.push([name, reader]);
    }
    readers.set(model, known);
  }
  return known;
}

/**
 * `row` (a raw row of `model`, or its part) with its attributes read as an instance reads them —
 * in place: a page of rows is read once, not copied again.
 */
export function fromRawRow<M extends Model>(model: ModelStatic<M>, row: Record<string, unknown>): Attributes<M> {
  for (const [name, read] of readersOf(model as unknown as ModelStatic<Model>)) if (name in row) row[name] = read(row[name]);
  return row as Attributes<M>;
}
