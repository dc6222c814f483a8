/**
 * Every input schema the server validates with, against whatever JSON may arrive (as the routes and
 * the signed API hand it over: through plainInput): a schema may
 * refuse a value (a yup ValidationError, which the routes answer 400 with its field), never throw
 * anything else (a TypeError from a transform that assumed a string is a 500). The schemas are
 * found by reading the exports of the modules that build them, so a new exported schema is
 * covered without being listed here.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { isSchema, ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { plainInput } from './platform/http/plainInput';

const MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  'backend/accounts/schemas.ts': () => import('./accounts/schemas'),
  'backend/audit/schemas.ts': () => import('./audit/schemas'),
  'backend/blacklist/schemas.ts': () => import('./blacklist/schemas'),
  'backend/console/boardSchemas.ts': () => import('./console/boardSchemas'),
  'backend/kyc/schemas.ts': () => import('./kyc/schemas'),
  'backend/orders/schemas.ts': () => import('./orders/schemas'),
  'backend/orders/userExchangeSchemas.ts': () => import('./orders/userExchangeSchemas'),
  'backend/partnerApi/methods/schemas.ts': () => import('./partnerApi/methods/schemas'),
  'backend/rates/schemas.ts': () => import('./rates/schemas'),
  'backend/system/maintenanceRoutes.ts': () => import('./system/maintenanceRoutes'),
  'common/blog.ts': () => import('../common/blog'),
  'common/catalogueAdmin.ts': () => import('../common/catalogueAdmin'),
  'common/contacts.ts': () => import('../common/contacts'),
  'common/content.ts': () => import('../common/content'),
  'common/customerReviews.ts': () => import('../common/customerReviews'),
  'common/partnerApi.ts': () => import('../common/partnerApi'),
  'common/ratesScope.ts': () => import('../common/ratesScope'),
  'common/referral.ts': () => import('../common/referral'),
  'common/requisites.ts': () => import('../common/requisites'),
  'common/schedule.ts': () => import('../common/schedule'),
};

/** A JSON value of any shape, strings with padding among them (what a transform may touch). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom({}, [], ['a'], { a: 1 }, [[]], ' padded ', '', null, 0, true, { toString: 'x' }, { trim: 1 }),
);

function objectSchemas(exports: Record<string, unknown>): Array<[string, ObjectSchema<AnyObject>]> {
  return Object.entries(exports).filter((entry): entry is [string, ObjectSchema<AnyObject>] => {
    const [, value] = entry;
    return isSchema(value) && (value as { type?: string }).type === 'object';
  });
}

/** A body for `schema`: each of its fields (and of its nested objects') missing, or any JSON value. */
function bodyFor(schema: ObjectSchema<AnyObject>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(schema.fields);
  return fc.record(Object.fromEntries(fields.map((field) => [field, anyJson])), { requiredKeys: [] });
}

describe('every input schema, against any JSON', () => {
  it('finds the schemas it checks', async () => {
    for (const [path, load] of Object.entries(MODULES)) {
      const found = objectSchemas(await load());
      // Each listed module exports at least one object schema (a module that stops doing so is dropped from the list).
      expect(found.length, path).to.be.above(0);
    }
  });

  it('refuses a value with a ValidationError or takes it, and never throws anything else', async function () {
    this.timeout(120_000);
    for (const [path, load] of Object.entries(MODULES)) {
      for (const [name, schema] of objectSchemas(await load())) {
        await fc.assert(
          fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: bodyFor(schema) }, { weight: 1, arbitrary: anyJson }), async (body) => {
            try {
              await schema.validate(plainInput(body) ?? {}, { abortEarly: false, stripUnknown: true });
            } catch (error) {
              if (!(error instanceof ValidationError)) throw new Error(`${path} ${name}: ${String(error)} for ${JSON.stringify(body)}`);
            }
          }),
          { numRuns: 150, seed: 20_261_129 },
        );
      }
    }
  });
});
