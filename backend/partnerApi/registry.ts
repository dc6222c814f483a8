/**
 * The partner API's methods: each is a named handler with the yup schema of its parameters. The
 * signed call (`POST /api/service/api/v1/{method}`, backend/partnerApi/signedCall) checks the key,
 * the signature, the nonce, the IP allow-list and the rate limit, then validates the body with the
 * method's schema (400 validation_error with fields) and calls `handle`; what it returns is answered
 * as `{success: true, data}` (its shape: `answer`). The texts of the OpenAPI document (summary, field
 * descriptions, error meanings) are locales/<lang>/apiDocs.json's, keyed by method, field and code. A handler refuses with the product's errors (backend/platform/errors).
 */
import type { Context } from 'koa';
import type { AnyObjectSchema } from 'yup';
import type { Lang } from '../../common/api';
import type { PartnerApiMethod } from '../../common/partnerApi';
import type { Translate } from '../platform/i18n';
import type { JsonSchema } from './methods/answers';

/** Who calls: the key (already verified) and its owner. */
export interface ApiCaller {
  keyId: number;
  apiKey: string;
  /** The key's owner: orders made through the key are theirs (history) and they are the partner. */
  userId: number;
  allowWithdrawals: boolean;
  /** The key's callback URL (webhooks), if any. */
  callbackUrl: string | null;
  ip: string | null;
}

export interface MethodCall<P> {
  caller: ApiCaller;
  /** The body without `time`, validated by the method's schema. */
  params: P;
  t: Translate;
  lang: Lang;
  /** The HTTP request (headers, state); a handler should not need more than the fields above. */
  http: Context;
}

export interface PartnerMethodDefinition<P = Record<string, unknown>> {
  name: PartnerApiMethod;
  /** The parameters' schema (the body minus `time`); none: the method takes no parameters. */
  schema?: AnyObjectSchema;
  /** Only keys with "allow withdrawals" (403 withdrawals_not_allowed otherwise). */
  withdrawals?: boolean;
  /** What `data` holds (JSON Schema, methods/answers.ts builders) and an example of it: the document's 200 answer. */
  answer: { schema: JsonSchema; example: unknown };
  handle(call: MethodCall<P>): Promise<unknown>;
}

/** Typed sugar for a method's definition. */
export function defineMethod<P>(definition: PartnerMethodDefinition<P>): PartnerMethodDefinition<P> {
  return definition;
}
