/**
 * The partner API's OpenAPI 3.1 document (`GET /api/service/api/v1/openapi.json`), built from the
 * methods the signed call runs — the fields of each one's own yup schema and its declared answer
 * (`answer`: the JSON Schema of `data` and an example, beside the handler) — so the document cannot
 * drift from the implementation: a method, a field or a requirement exists here only because the
 * handler's schema has it, and openapi.int.test.ts checks real answers against it both ways. The
 * errors every call may answer, and each method's own, are the contract's codes (common/partnerApi.ts),
 * with their statuses and meanings in `x-error-codes`. The texts (summaries, field descriptions,
 * error meanings) are locales/<lang>/apiDocs.json's: the document is served in `?lang=` or the `lang`
 * header's language, English otherwise.
 */
import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { PARTNER_API_ERRORS, PARTNER_API_PREFIX, WITHDRAWAL_METHODS, type PartnerApiError } from '../../common/partnerApi';
import type { Translate } from '../platform/i18n';
import { PARTNER_ERROR_STATUS } from './errorMap';
import type { PartnerMethodDefinition } from './registry';

/** What any signed call may answer before its method runs (signedCall.ts's order of checks). */
export const CALL_ERRORS: readonly PartnerApiError[] = ['payload_too_large', 'unsupported_media_type', 'bad_signature', 'stale_nonce', 'key_disabled', 'ip_not_allowed', 'too_many_requests', 'validation_error'];

/** The HTTP status of every code (the signed call's own, then errorMap.ts's). */
export const ERROR_STATUS = {
  payload_too_large: 413,
  unsupported_media_type: 415,
  bad_signature: 401,
  stale_nonce: 409,
  key_disabled: 403,
  ip_not_allowed: 403,
  withdrawals_not_allowed: 403,
  too_many_requests: 429,
  unknown_method: 404,
  ...PARTNER_ERROR_STATUS,
} as Record<PartnerApiError, number>;

/** A method's own errors (what its domain refusals map to: errorMap.ts). */
export const METHOD_ERRORS: Partial<Record<string, readonly PartnerApiError[]>> = {
  rate: ['direction_unavailable', 'below_minimum', 'above_maximum', 'reserve_exceeded'],
  order_create: ['direction_unavailable', 'below_minimum', 'above_maximum', 'reserve_exceeded', 'quote_expired', 'maintenance'],
  order_get: ['order_not_found'],
  order_cancel: ['order_not_found', 'not_cancellable'],
  withdraw_create: ['withdrawals_not_allowed', 'insufficient_funds', 'below_minimum', 'maintenance'],
  withdrawals_list: ['withdrawals_not_allowed'],
};

type JsonSchema = Record<string, unknown>;

/** The locale key of a method's field description. */
export const fieldKey = (method: string, field: string) => `apiDocs.methods.${method}.fields.${field}`;

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
export function requestSchema(method: string, schema: AnyObjectSchema | undefined, t: Translate): { type: 'object'; required: string[]; properties: Record<string, JsonSchema> } {
  const properties: Record<string, JsonSchema> = { time: { type: 'integer', minimum: 1, description: t('apiDocs.time') } };
  const required = ['time'];
  for (const [name, description] of Object.entries(requestFields(schema))) {
    properties[name] = { ...fieldSchema(description), description: t(fieldKey(method, name)) };
    if (isField(description) && description.optional === false) required.push(name);
  }
  return { type: 'object', required, properties };
}

/** The fields of a method's parameters' schema (none without one). */
export function requestFields(schema: AnyObjectSchema | undefined): Record<string, SchemaFieldDescription> {
  return schema ? (schema.describe().fields as Record<string, SchemaFieldDescription>) : {};
}

const ENVELOPE_ERROR = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } } },
  },
};

export function openApiDocument(methods: readonly PartnerMethodDefinition<never>[], serverUrl: string, t: Translate): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const method of methods) {
    const withdrawals = method.withdrawals === true || WITHDRAWAL_METHODS.includes(method.name);
    const data = method.answer.schema;
    paths[`/${method.name}`] = {
      post: {
        operationId: method.name,
        summary: t(`apiDocs.methods.${method.name}.summary`),
        ...(withdrawals ? { description: t('apiDocs.withdrawalsOnly') } : {}),
        parameters: [
          { name: 'apikey', in: 'header', required: true, schema: { type: 'string' }, description: t('apiDocs.headers.apikey') },
          { name: 'hash', in: 'header', required: true, schema: { type: 'string' }, description: t('apiDocs.headers.hash') },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(method.name, method.schema, t) } } },
        responses: {
          '200': {
            description: t('apiDocs.ok'),
            content: {
              'application/json': {
                schema: { type: 'object', required: ['success', 'data'], additionalProperties: false, properties: { success: { const: true }, data } },
                example: { success: true, data: method.answer.example },
              },
            },
          },
          default: { description: t('apiDocs.refusal'), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
        'x-errors': [...CALL_ERRORS, ...(METHOD_ERRORS[method.name] ?? [])],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: t('apiDocs.title'), version: '1', description: t('apiDocs.description') },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}${PARTNER_API_PREFIX}` }],
    paths,
    components: { schemas: { Error: ENVELOPE_ERROR } },
    // Every code of the contract, its status and meaning (unknown_method: before any method runs).
    'x-error-codes': Object.fromEntries(PARTNER_API_ERRORS.map((code) => [code, { status: ERROR_STATUS[code], description: t(`apiDocs.errors.${code}`) }])),
  };
}
