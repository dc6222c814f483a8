import { HttpMethodEnum, koaBody } from 'koa-body';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors';
import type { AppContext, AppMiddleware } from './types';

/** Largest JSON body the API accepts by default. */
export const DEFAULT_JSON_LIMIT = '100kb';

const BODY_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];

/**
 * Parses JSON request bodies into `ctx.request.body`. A body of any other type answers 415
 * (which also keeps HTML forms from other sites out of the cookie-authenticated API); bad JSON
 * answers 400 (so does a body that does not decode by its Content-Encoding) and an oversized body
 * 413, through the error middleware.
 */
export function jsonBody(options: { limit?: string } = {}): AppMiddleware {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: options.limit ?? DEFAULT_JSON_LIMIT,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: BODY_METHODS,
    // What the body readers refuse comes tagged with its status (bad JSON 400, too large 413, an
    // unknown Content-Encoding 415). A body whose bytes do not match its Content-Encoding fails
    // inside zlib, untagged: that is the client's malformed request too, not a 500.
    onError(error) {
      const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
      if (typeof (status ?? statusCode) === 'number') throw error;
      throw new BadRequestError({ cause: error });
    },
  });
  return async function jsonBodyMiddleware(ctx: AppContext, next) {
    // `is` answers null when the request has no body and false when its type differs.
    if (BODY_METHODS.includes(ctx.method as HttpMethodEnum) && ctx.is('application/json') === false) {
      throw new UnsupportedMediaTypeError();
    }
    await parse(ctx, next);
  };
}
