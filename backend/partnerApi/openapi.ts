/**
 * The partner API's OpenAPI 3.1 document (`GET /api/service/api/v1/openapi.json`), built from the
 * methods the signed call runs — each method's summary and the fields of its own yup schema — so
 * the document cannot drift from the implementation: a method, a field or a requirement exists
 * here only because the handler's schema has it. The errors every call may answer, and each
 * method's own, are the contract's codes (common/partnerApi.ts).
 */
import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { PARTNER_API_PREFIX, WITHDRAWAL_METHODS, type PartnerApiError } from '../../common/partnerApi';
import type { PartnerMethodDefinition } from './registry';

/** What any signed call may answer before its method runs (signedCall.ts's order of checks). */
export const CALL_ERRORS: readonly PartnerApiError[] = ['bad_signature', 'stale_nonce', 'key_disabled', 'ip_not_allowed', 'too_many_requests', 'validation_error'];

/** A method's own errors (what its domain refusals map to: errorMap.ts). */
const METHOD_ERRORS: Partial<Record<string, readonly PartnerApiError[]>> = {
  rate: ['direction_unavailable', 'below_minimum', 'above_maximum', 'reserve_exceeded'],
  order_create: ['direction_unavailable', 'below_minimum', 'above_maximum', 'reserve_exceeded', 'quote_expired', 'maintenance'],
  order_get: ['order_not_found'],
  order_cancel: ['order_not_found', 'not_cancellable'],
  withdraw_create: ['withdrawals_not_allowed', 'insufficient_funds', 'below_minimum', 'maintenance'],
  withdrawals_list: ['withdrawals_not_allowed'],
};

type JsonSchema = Record<string, unknown>;

function isField(description: SchemaFieldDescription): description is SchemaDescription {
  return 'type' in description && 'optional' in description;
}

/** One yup field as JSON Schema (type, enum, nullable). */
function fieldSchema(description: SchemaFieldDescription): JsonSchema {
  if (!isField(description)) return {};
  const type = description.type === 'mixed' ? undefined : description.type === 'date' ? 'string' : description.type;
  const schema: JsonSchema = {};
  if (type) schema.type = description.nullable ? [type, 'null'] : type;
  const allowed = (description.oneOf ?? []).filter((value) => value !== undefined && value !== null);
  if (allowed.length > 0) schema.enum = allowed;
  if (description.type === 'date') schema.format = 'date-time';
  return schema;
}

/** The request body of a method: `time` plus its schema's fields. */
export function requestSchema(schema: AnyObjectSchema | undefined): { type: 'object'; required: string[]; properties: Record<string, JsonSchema> } {
  const properties: Record<string, JsonSchema> = { time: { type: 'integer', minimum: 1, description: 'Strictly greater than the last accepted value for the key; milliseconds allowed.' } };
  const required = ['time'];
  const fields = schema ? (schema.describe().fields as Record<string, SchemaFieldDescription>) : {};
  for (const [name, description] of Object.entries(fields)) {
    properties[name] = fieldSchema(description);
    if (isField(description) && description.optional === false) required.push(name);
  }
  return { type: 'object', required, properties };
}

const ENVELOPE_ERROR = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } } },
  },
};

export function openApiDocument(methods: readonly PartnerMethodDefinition<never>[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const method of methods) {
    const withdrawals = method.withdrawals === true || WITHDRAWAL_METHODS.includes(method.name);
    paths[`/${method.name}`] = {
      post: {
        operationId: method.name,
        summary: method.summary,
        ...(withdrawals ? { description: 'Only with a key that has "allow withdrawals" on.' } : {}),
        parameters: [
          { name: 'apikey', in: 'header', required: true, schema: { type: 'string' }, description: 'The public key.' },
          { name: 'hash', in: 'header', required: true, schema: { type: 'string' }, description: 'sha512_hex(sha512_hex(rawBody) + secret)' },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(method.schema) } } },
        responses: {
          '200': { description: 'OK: `{success: true, data}`', content: { 'application/json': { schema: { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data: {} } } } } },
          default: { description: 'A refusal in the product envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
        'x-errors': [...CALL_ERRORS, ...(METHOD_ERRORS[method.name] ?? [])],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exchanger partner API',
      version: '1',
      description: 'POST /api/service/api/v1/{method} with the headers apikey and hash = sha512_hex(sha512_hex(rawBody) + secret); the JSON body always carries time.',
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}${PARTNER_API_PREFIX}` }],
    paths,
    components: { schemas: { Error: ENVELOPE_ERROR } },
  };
}
