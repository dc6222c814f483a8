import type { Middleware } from 'koa';
import { ValidationError as SchemaValidationError, type AnySchema, type InferType } from 'yup';
import { translateValidationError } from '../../../common/validation/translate';
import { ValidationError } from '../errors';
import { plainInput } from './plainInput';
import type { AppState } from './types';

export type InputSource = 'body' | 'query';

/** The state after `validate(schema)`: `input` is what the schema returns. */
export type ValidatedState<S extends AnySchema> = AppState & { input: InferType<S> };

/**
 * Validates the request body (or query) against a yup schema with every failure collected,
 * unknown keys stripped, and the result put on `ctx.state.input`. Failures answer 400
 * `validation_failed` with translated per-field messages. The schema sees `plainInput(raw)`, so
 * no JSON shape can make yup itself throw (a 500).
 *
 * Typed `Middleware<ValidatedState<S>>`: @koa/router infers a route's state from its middlewares,
 * so the handlers after it read `ctx.state.input` as the schema's InferType, without a cast.
 */
export function validate<S extends AnySchema>(schema: S, source: InputSource = 'body'): Middleware<ValidatedState<S>> {
  return async function validateMiddleware(ctx, next) {
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
