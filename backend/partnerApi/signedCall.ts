/**
 * The signed call: `POST /api/service/api/v1/{method}` with headers `apikey` and `hash` and a JSON
 * body holding `time`. Mounted outside the session API (no cookies, no CSRF check: nothing here
 * is cookie-authenticated); it reads the raw bytes itself (at most PARTNER_API_BODY_LIMIT_BYTES)
 * because the signature covers the exact bytes sent.
 *
 * Order of checks:
 *  1. unknown method → 404 unknown_method (the method names are public: this says nothing about keys);
 *  2. missing header, unknown/deleted key, owner not active, or a hash that does not match →
 *     401 bad_signature, the same answer for all (an unknown key is checked against a dummy secret
 *     so it takes the same path); the comparison is constant-time (signature.ts);
 *  3. key disabled → 403 key_disabled; 4. IP allow-list → 403 ip_not_allowed;
 *  5. body not an object with an integer `time` > 0 → 400 validation_error (fields);
 *  6. the nonce: ONE atomic conditional update in the KV (nonce.ts; the database's lastNonce is its
 *     floor, written behind) → not greater: 409 stale_nonce, so N parallel copies of one request are
 *     accepted exactly once;
 *  7. rate limit per key → 429 too_many_requests (Retry-After); 8. withdrawal methods need
 *     "allow withdrawals" → 403; 9. maintenance → 503 for MAINTENANCE_PAUSED_METHODS;
 *  10. parameters (the body minus `time`) against the method's schema → 400 validation_error;
 *  11. `handle` → `{success: true, data}`.
 * The key comes from keyCache.ts (no database read while the key and its owner are unchanged); the
 * KV answers for both it and the nonce, so while the KV cannot answer the call is 503.
 * Nothing here logs the hash header, the secret or the body.
 */
import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { ValidationError as SchemaValidationError } from 'yup';
import { translateValidationError } from '../../common/validation/translate';
import { MAINTENANCE_PAUSED_METHODS, PARTNER_API_BODY_LIMIT_BYTES, PARTNER_API_CALLS_PER_MINUTE, PARTNER_API_PREFIX, WITHDRAWAL_METHODS } from '../../common/partnerApi';
import { clientAddress, inRange, parseCidr } from '../blacklist/normalize';
import type { Models } from '../models';
import { MaintenanceError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../platform/errors';
import { plainInput } from '../platform/http/plainInput';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import type { ServerI18n } from '../platform/i18n';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { isLang, LANGS, type Lang } from '../../common/api';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { BadSignature, IpNotAllowed, KeyDisabled, PartnerValidationError, StaleNonce, UnknownMethod, WithdrawalsNotAllowed } from './errors';
import { PARTNER_METHODS } from './methods';
import { createKeyCache } from './keyCache';
import { createNonceGate, type NonceGate } from './nonce';
import { openApiDocument } from './openapi';
import type { ApiCaller, PartnerMethodDefinition } from './registry';
import { signatureMatches, signBody } from './signature';

export interface SignedCallDeps {
  sequelize: Sequelize;
  models: Models;
  secretKeys: readonly string[];
  rateLimits: RateLimits;
  maintenance: { isOn(): Promise<boolean> };
  /** The methods (default: PARTNER_METHODS). */
  methods?: readonly PartnerMethodDefinition[];
  /** The site's public address (the OpenAPI document's server). */
  publicUrl: string;
  /** The OpenAPI document's texts in each language. */
  i18n: ServerI18n;
  /** The keys' versions, the owners' session epochs and the nonces. */
  kv: KV;
  logger: Logger;
  /** Receives the nonce gate (tests settle its writes behind). */
  onNonceGate?: (gate: NonceGate) => void;
}

/** Reads the request's bytes, at most `limit` (413 beyond); only identity encoding. */
async function readRawBody(ctx: AppContext, limit: number): Promise<Buffer> {
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase();
  if (encoding !== 'identity') throw new UnsupportedMediaTypeError();
  const declared = Number(ctx.get('Content-Length') || '0');
  if (declared > limit) throw new PayloadTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A single header value (a repeated header is refused like a missing one). */
function header(ctx: AppContext, name: string): string | null {
  const value = ctx.request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null;
}

/** Checked against unknown keys so they take the same path as known ones. */
const DUMMY_SECRET = randomBytes(32).toString('hex');

function ipAllowed(list: readonly string[], ip: string): boolean {
  if (list.length === 0) return true;
  const address = clientAddress(ip);
  return address !== null && list.some((entry) => {
    const range = parseCidr(entry);
    return range !== null && inRange(range, address);
  });
}

/** The body's `time` as a positive safe integer, or a 400 validation_error. */
function bodyAndTime(raw: Buffer, ctx: AppContext): { body: Record<string, unknown>; time: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new PartnerValidationError({ body: ctx.state.t('partnerApi.errors.bodyNotObject') });
  }
  const body = plainInput(parsed) as Record<string, unknown>;
  const time = body.time;
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time <= 0) {
    throw new PartnerValidationError({ time: ctx.state.t('partnerApi.errors.time') });
  }
  return { body, time };
}

export function signedCallRoutes(deps: SignedCallDeps): Router<AppState> {
  const methods = new Map((deps.methods ?? PARTNER_METHODS).map((method) => [method.name as string, method]));
  const { models } = deps;
  const perKey = deps.rateLimits.limiter('partnerApi.calls', PARTNER_API_CALLS_PER_MINUTE, 60);
  const keys = createKeyCache({ models, kv: deps.kv, secretKeys: deps.secretKeys });
  const nonces = createNonceGate({ models, kv: deps.kv, logger: deps.logger });
  deps.onNonceGate?.(nonces);
  const router = new Router<AppState>({ prefix: PARTNER_API_PREFIX });

  // The OpenAPI document of exactly these methods (openapi.ts), public: the documentation page reads
  // it. In `?lang=` or the `lang` header's language (its texts: locales/<lang>/apiDocs.json), else English.
  const documents = new Map<Lang, string>(LANGS.map((lang) => [lang, JSON.stringify(openApiDocument([...methods.values()] as PartnerMethodDefinition<never>[], deps.publicUrl, deps.i18n.translator(lang)))]));
  router.get('/openapi.json', function openApi(ctx) {
    const wanted = typeof ctx.query.lang === 'string' ? ctx.query.lang : ctx.get('lang');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.vary('lang');
    ctx.type = 'application/json';
    ctx.body = documents.get(isLang(wanted) ? wanted : 'en');
  });

  router.post('/:method', async function signedCall(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const method = methods.get(String(ctx.params.method ?? ''));
    if (!method) throw new UnknownMethod();
    const publicKey = header(ctx, 'apikey');
    const hash = header(ctx, 'hash');
    const raw = await readRawBody(ctx, PARTNER_API_BODY_LIMIT_BYTES);
    const key = publicKey === null ? null : await keys.get(publicKey);
    const row = key?.row ?? null;
    const secret = key?.secret ?? null;
    if (row && secret === null) ctx.state.log.warn({ keyId: row.id }, 'partner API key secret does not open (SESSION_KEYS rotated out?)');
    const matches = signatureMatches(hash ?? '', signBody(raw, secret ?? DUMMY_SECRET));
    if (!row || secret === null || hash === null || !matches) throw new BadSignature();

    if (!row.enabled) throw new KeyDisabled();
    const ip = clientIp(ctx);
    if (!ipAllowed(row.ipAllowList, ip)) throw new IpNotAllowed();
    const { body, time } = bodyAndTime(raw, ctx);

    if (!(await nonces.accept(row, time))) throw new StaleNonce();

    await perKey.consume(String(row.id));
    if ((method.withdrawals || WITHDRAWAL_METHODS.includes(method.name)) && !row.allowWithdrawals) throw new WithdrawalsNotAllowed();
    if (MAINTENANCE_PAUSED_METHODS.includes(method.name) && (await deps.maintenance.isOn())) throw new MaintenanceError();

    const { time: _time, ...rest } = body;
    let params: Record<string, unknown> = {};
    if (method.schema) {
      try {
        params = await method.schema.validate(rest, { abortEarly: false, stripUnknown: true });
      } catch (error) {
        if (error instanceof SchemaValidationError) throw new PartnerValidationError(translateValidationError(error, ctx.state.t));
        throw error;
      }
    }
    const caller: ApiCaller = { keyId: row.id, apiKey: row.publicKey, userId: row.userId, allowWithdrawals: row.allowWithdrawals, callbackUrl: row.callbackUrl, ip };
    respond(ctx, await method.handle({ caller, params, t: ctx.state.t, lang: ctx.state.lang, http: ctx }));
  });

  return router;
}
