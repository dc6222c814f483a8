/**
 * A small validator of the JSON Schema subset the partner API's OpenAPI document uses for answers
 * (type — one or a list, `null` included —, properties, required, additionalProperties false or a
 * schema, items, enum, const, pattern, minimum, format date-time). Anything else in a schema is an
 * error (`unsupported keyword`), so a schema cannot silently say more than is checked. Returns the
 * problems as `path: what` lines; none: valid.
 */
type Schema = { [key: string]: unknown };

const KNOWN = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'pattern', 'minimum', 'format', 'description']);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

export function validateJson(schema: Schema, value: unknown, path = '$'): string[] {
  const problems: string[] = [];
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) problems.push(`${path}: unsupported keyword ${keyword}`);
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => typeMatches(type, actual))) return [...problems, `${path}: ${actual} is not ${types.join(' | ')}`];
  }
  if ('const' in schema && value !== schema.const) problems.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((item) => JSON.stringify(item)).join(', ')}`);
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${path}: "${value}" does not match ${schema.pattern}`);
    if (schema.format === 'date-time' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value)) problems.push(`${path}: "${value}" is not a date-time`);
  }
  if (typeof value === 'number' && typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: ${value} < ${schema.minimum}`);
  if (actual === 'array' && schema.items !== undefined) {
    (value as unknown[]).forEach((item, index) => problems.push(...validateJson(schema.items as Schema, item, `${path}[${index}]`)));
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) if (!(name in record)) problems.push(`${path}.${name}: required, missing`);
    for (const [name, item] of Object.entries(record)) {
      if (properties[name]) problems.push(...validateJson(properties[name], item, `${path}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${name}: not documented`);
      else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) problems.push(...validateJson(schema.additionalProperties as Schema, item, `${path}.${name}`));
    }
  }
  return problems;
}

/** Every object schema under `schema` that is open (no `additionalProperties`): an answer could carry undocumented fields there. */
export function openObjects(schema: Schema, path = '$'): string[] {
  const open: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') && schema.additionalProperties === undefined) open.push(path);
  for (const [name, item] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) open.push(...openObjects(item, `${path}.${name}`));
  if (schema.items) open.push(...openObjects(schema.items as Schema, `${path}[]`));
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) open.push(...openObjects(schema.additionalProperties as Schema, `${path}.*`));
  return open;
}
