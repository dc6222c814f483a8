/**
 * The partner API's methods read from its OpenAPI 3.1 document (`GET /api/service/api/v1/openapi.json`):
 * each operation's summary, body fields (local `$ref`s and `allOf` merged), example answer and error codes
 * with their statuses and meanings (the document's `x-error-codes`). The server writes the document's
 * texts in the language asked (`?lang=`, locales/<lang>/apiDocs.json), so the page shows them as given.
 */
import { PARTNER_API_OPENAPI_PATH } from '../../../../common/partnerApi';
import { apiUrl } from '../../api/client';

type Json = Record<string, unknown>;

export interface MethodField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface MethodError {
  status: string;
  code: string;
  description: string;
}

export interface ApiMethod {
  path: string;
  name: string;
  summary: string;
  description: string;
  fields: MethodField[];
  example: string | null;
  errors: MethodError[];
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Fetches the document itself (not an API envelope) in `lang`; the path is under the API base like every call. */
export async function fetchOpenApi(lang: string): Promise<Json> {
  const path = `${PARTNER_API_OPENAPI_PATH.replace(/^\/api/, '')}?lang=${encodeURIComponent(lang)}`;
  const response = await fetch(apiUrl(path), { headers: { accept: 'application/json', lang } });
  if (!response.ok) throw new Error(`openapi ${response.status}`);
  const document: unknown = await response.json();
  if (!isObject(document) || !isObject(document.paths)) throw new Error('openapi: no paths');
  return document;
}

function resolve(document: Json, schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > 8) return {};
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
    return resolve(document, target, depth + 1);
  }
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = [...schema.allOf.map((part) => resolve(document, part, depth + 1)), { ...schema, allOf: undefined }];
  return {
    ...schema,
    properties: Object.assign({}, ...parts.map((part) => (isObject(part.properties) ? part.properties : {}))),
    required: parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
  };
}

function typeName(document: Json, schema: unknown): string {
  const resolved = resolve(document, schema);
  const type = Array.isArray(resolved.type) ? resolved.type.join(' | ') : text(resolved.type);
  if (type === 'array') return `${typeName(document, resolved.items) || 'any'}[]`;
  if (Array.isArray(resolved.enum)) return resolved.enum.map(String).join(' | ');
  return type || 'object';
}

function jsonContent(value: unknown): Json {
  return isObject(value) && isObject(value.content) && isObject(value.content['application/json']) ? value.content['application/json'] : {};
}

function exampleOf(content: Json): unknown {
  if (content.example !== undefined) return content.example;
  if (isObject(content.examples)) {
    const first = Object.values(content.examples)[0];
    if (isObject(first)) return first.value;
  }
  return undefined;
}

function errorCode(example: unknown): string {
  return isObject(example) && isObject(example.error) ? text(example.error.code) : '';
}

export function readMethods(document: Json): ApiMethod[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const codes = isObject(document['x-error-codes']) ? document['x-error-codes'] : {};
  const listedError = (code: string): MethodError => {
    const known = isObject(codes[code]) ? codes[code] : {};
    return { status: typeof known.status === 'number' ? String(known.status) : text(known.status), code, description: text(known.description) };
  };
  return Object.entries(paths).flatMap(([path, item]) => {
    if (!isObject(item)) return [];
    return Object.values(item)
      .filter(isObject)
      .filter((operation) => isObject(operation.responses) || operation.summary !== undefined)
      .map((operation) => {
        const schema = resolve(document, jsonContent(operation.requestBody).schema);
        const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
        const properties = isObject(schema.properties) ? schema.properties : {};
        const responses = isObject(operation.responses) ? operation.responses : {};
        const ok = Object.entries(responses).find(([status]) => status.startsWith('2'));
        const example = ok ? exampleOf(jsonContent(ok[1])) : undefined;
        const errors: MethodError[] = Object.entries(responses)
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, response]) => ({
            status,
            code: errorCode(exampleOf(jsonContent(response))),
            description: isObject(response) ? text(response.description) : '',
          }));
        const listed = Array.isArray(operation['x-errors']) ? operation['x-errors'].map(String) : [];
        for (const code of listed) if (!errors.some((error) => error.code === code)) errors.push(listedError(code));
        return {
          path,
          name: text(operation.operationId) || path.replace(/^\//, ''),
          summary: text(operation.summary),
          description: text(operation.description),
          fields: Object.entries(properties).map(([name, property]) => ({
            name,
            type: typeName(document, property),
            required: required.has(name),
            description: text(resolve(document, property).description),
          })),
          example: example === undefined ? null : JSON.stringify(example, null, 2),
          errors,
        };
      });
  });
}
