/**
 * The partner API (issue 15): keys on `/user/api`, the signed call
 * `POST /api/service/api/v1/{method}` and its webhooks. This file is the contract between the
 * server (backend/partnerApi), the `/user/api` page and the documentation page.
 *
 * The signature (fixed): `hash = sha512_hex( sha512_hex(rawBody) + secret )` over the exact bytes
 * sent; the body is a JSON object with `time` (integer > 0, strictly greater than the last accepted
 * one for the key; milliseconds allowed). Webhooks are signed the same way with the key's secret.
 */
import { array, boolean, object, string, type InferType } from 'yup';
import { trimmedString, validationMessage } from './validation';

/** The path prefix of the signed methods. */
export const PARTNER_API_PREFIX = '/api/service/api/v1';
/** The OpenAPI 3.1 document. */
export const PARTNER_API_OPENAPI_PATH = `${PARTNER_API_PREFIX}/openapi.json`;

/** The most keys one account may hold. */
export const MAX_API_KEYS = 10;
/** The most entries of an IP allow-list (addresses or CIDR ranges, IPv4 or IPv6). */
export const MAX_IP_ALLOW_LIST = 20;

/** `GET /api/user/api-keys`: a key as its owner sees it (never the secret). */
export interface ApiKeyDto {
  /** The public key (the `apikey` header). */
  apiKey: string;
  createdAt: string;
  /** "enable API". */
  enabled: boolean;
  /** "allow withdrawals" (turning it on needs 2FA on the account and a current code). */
  allowWithdrawals: boolean;
  /** Empty: any address. */
  ipAllowList: string[];
  callbackUrl: string | null;
  lastUsedAt: string | null;
}

/** `POST /api/user/api-keys` (201): the only time the secret leaves the server. */
export interface CreatedApiKey {
  apiKey: string;
  secret: string;
  key: ApiKeyDto;
}

/** `PATCH /api/user/api-keys/{apiKey}`: any of these. */
export interface ApiKeyPatch {
  enabled?: boolean;
  allowWithdrawals?: boolean;
  /** The 2FA code: required when `allowWithdrawals` turns on. */
  code?: string;
  ipAllowList?: string[];
  callbackUrl?: string | null;
}

/** The stable error codes of the signed call (the product's envelope `{success:false, error:{code, message, fields?}}`). */
export const PARTNER_API_ERRORS = [
  'payload_too_large',
  'unsupported_media_type',
  'bad_signature',
  'stale_nonce',
  'key_disabled',
  'ip_not_allowed',
  'withdrawals_not_allowed',
  'too_many_requests',
  'unknown_method',
  'validation_error',
  'direction_unavailable',
  'below_minimum',
  'above_maximum',
  'reserve_exceeded',
  'quote_expired',
  'order_not_found',
  'not_cancellable',
  'insufficient_funds',
  'maintenance',
] as const;
export type PartnerApiError = (typeof PARTNER_API_ERRORS)[number];

/** The methods (`POST /api/service/api/v1/{method}`). */
export const PARTNER_API_METHODS = [
  'ping',
  'currencies',
  'directions',
  'rate',
  'order_create',
  'order_get',
  'orders_list',
  'order_cancel',
  'partner_info',
  'partner_orders',
  'withdraw_create',
  'withdrawals_list',
] as const;
export type PartnerApiMethod = (typeof PARTNER_API_METHODS)[number];

/** How long a `rate` quote (its quoteId) can be ordered from. */
export const PARTNER_QUOTE_TTL_SECONDS = 60;

/** Most rows of `orders_list` and `partner_orders` per page. */
export const PARTNER_API_PAGE_SIZE = 50;

/** Only with "allow withdrawals". */
export const WITHDRAWAL_METHODS: readonly PartnerApiMethod[] = ['withdraw_create', 'withdrawals_list'];

/** Refused with 503 maintenance while technical maintenance is on (like new orders on the site); the rest go on. */
export const MAINTENANCE_PAUSED_METHODS: readonly PartnerApiMethod[] = ['order_create', 'withdraw_create'];

/** Signed calls a key may make per minute (429 too_many_requests with Retry-After beyond). */
export const PARTNER_API_CALLS_PER_MINUTE = 300;

/** A webhook's body: every status change of an order made through the key. */
export interface PartnerWebhook {
  /** Unique per event: the receiver de-duplicates on it. */
  eventId: string;
  event: 'order.status';
  order: unknown;
  /** Milliseconds since the epoch (the signature's nonce field). */
  time: number;
}

/** A row of the delivery log on `/user/api` (`GET /api/user/api-keys/{apiKey}/deliveries`). */
export interface WebhookDeliveryDto {
  eventId: string;
  event: string;
  orderUid: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The receiver's last HTTP status, or null (no answer). */
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** Rows per page of the delivery log (newest first). */
export const WEBHOOK_DELIVERIES_PAGE = 20;

/** `GET /api/user/api-keys/{apiKey}/deliveries?cursor=`: one page of the log, `nextCursor` (opaque) for the older rows, null at the end. */
export interface WebhookDeliveryList {
  items: WebhookDeliveryDto[];
  nextCursor: string | null;
}

/** The delivery log's query: `cursor` as a previous page answered it. */
export const webhookDeliveriesQuerySchema = object({
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});

/** The longest callback URL (the column is 500 characters). */
export const MAX_CALLBACK_URL_LENGTH = 500;
/** The longest entry of an IP allow-list (an IPv6 CIDR fits). */
const MAX_IP_ENTRY_LENGTH = 64;
/** The largest raw body the signed call reads. */
export const PARTNER_API_BODY_LIMIT_BYTES = 64 * 1024;
/** The public key: 32 url-safe characters. */
export const API_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const required = validationMessage('required');

/**
 * `PATCH /api/user/api-keys/{apiKey}`: the shape. The server also checks each allow-list entry is
 * an IPv4/IPv6 address or CIDR range (400 validation_failed on `ipAllowList`), that a callback URL
 * does not resolve to a private address, and the 2FA rule for `allowWithdrawals`.
 */
export const apiKeyPatchSchema = object({
  enabled: boolean().strict().optional(),
  allowWithdrawals: boolean().strict().optional(),
  code: string().strict().optional().trim().matches(/^\d{6}$/, validationMessage('otp_code')),
  ipAllowList: array()
    // trimmedString: the array's cast trims each item, and yup's own trim would throw on an item that is no string.
    .of(trimmedString().strict().required(required).min(1, required).max(MAX_IP_ENTRY_LENGTH, validationMessage('max_length', { max: MAX_IP_ENTRY_LENGTH })))
    .optional()
    .max(MAX_IP_ALLOW_LIST, validationMessage('max_items', { max: MAX_IP_ALLOW_LIST })),
  callbackUrl: string()
    .strict()
    .nullable()
    .optional()
    .trim()
    .max(MAX_CALLBACK_URL_LENGTH, validationMessage('max_length', { max: MAX_CALLBACK_URL_LENGTH }))
    .test('http-url', validationMessage('url'), (value) => value === null || value === undefined || value === '' || isHttpUrl(value)),
});
export type ApiKeyPatchInput = InferType<typeof apiKeyPatchSchema>;

/** An absolute http(s) URL without credentials. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `directions`: an offered direction with what ordering it takes now. */
export interface PartnerDirectionDto {
  from: string;
  to: string;
  /** A fresh rate now (enabled, within its hours, prices not stale). */
  available: boolean;
  /** Units of `to` per 1 `from`, markup included; null when not available. */
  rate: string | null;
  /** Of `from` (the live figures, else the direction's own). */
  min: string;
  max: string;
  /** Of `to`. */
  reserve: string;
  rateTypes: ('fixed' | 'float')[];
  /** How long a fixed rate holds for an order (and its payment window), minutes. */
  fixedPeriodMinutes: number;
  /** Processed by an operator. */
  manual: boolean;
  /** `from` is a bank card: the customer's card is checked (a photo) unless it is verified; the key owner's KYC waives nothing. */
  cardVerification: boolean;
  extraFields: { name: string; required: boolean; pattern?: string }[];
  schedule?: { utcOffsetMinutes: number; ranges: { day: number; from: string; to: string }[] };
}

/** `rate`: a quote; order it with `quoteId` before `expiresAt`. */
export interface PartnerQuoteDto {
  from: string;
  to: string;
  rateType: 'fixed' | 'float';
  rate: string;
  amountSend: string;
  amountReceive: string;
  min: string;
  max: string;
  reserve: string;
  quoteId: string;
  expiresAt: string;
}

/** `order_create`, `order_get`, `order_cancel`: an order of the key's owner. */
export interface PartnerOrderDto {
  uid: string;
  /** The order page (the customer's link: it holds the order's secret). */
  url: string;
  externalId: string | null;
  callbackUrl: string | null;
  /** The order as its page shows it (common/orders.ts OrderDto). */
  order: unknown;
}
