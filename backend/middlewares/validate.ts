import { ValidationError as SchemaValidationError, type AnySchema } from 'yup';
import { translateValidationError } from '../../common/validation/translate';
import { ValidationError } from '../lib/errors';
import { plainInput } from './plainInput';
import type { AppContext, AppMiddleware } from './types';

export type InputSource = 'body' | 'query';

/**
 * Validates the request body (or query) against a yup schema with every failure collected,
 * unknown keys stripped, and the result put on `ctx.state.input`. Failures answer 400
 * `validation_failed` with translated per-field messages. The schema sees `plainInput(raw)`, so
 * no JSON shape can make yup itself throw (a 500).
 */
export function validate(schema: AnySchema, source: InputSource = 'body'): AppMiddleware {
  return async function validateMiddleware(ctx: AppContext, next) {
    const raw = plainInput(source === 'body' ? ctx.request.body : ctx.query);
    try {
      ctx.state.input = await schema.validate(raw ?? {}, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (error instanceof SchemaValidationError) {
        throw new ValidationError(translateValidationError(error, ctx.state.t));
      }
      throw error;
    }
    await next();
  };
}
