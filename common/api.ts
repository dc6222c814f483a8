import type { ChatWidgetProvider } from './counters';
/** The JSON envelope of every REST answer (ARCHITECTURE §3). */

export interface ApiSuccess<T> {
  success: true;
  data: T;
}

export interface ApiErrorBody {
  /** Stable machine code, e.g. `not_found`, `validation_failed`. */
  code: string;
  /** Message translated by the request's `lang` header. */
  message: string;
  /** Per-field translated messages for validation errors. */
  fields?: Record<string, string>;
}

export interface ApiFailure {
  success: false;
  error: ApiErrorBody;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Stable error codes shared by server and client. */
export const ErrorCode = {
  BadRequest: 'bad_request',
  ValidationFailed: 'validation_failed',
  Unauthorized: 'unauthorized',
  /** The session check's answer to a signed-out visitor (200, not an error status). */
  NotSignedIn: 'not_signed_in',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  TooManyRequests: 'too_many_requests',
  CsrfRejected: 'csrf_rejected',
  ServiceUnavailable: 'service_unavailable',
  Maintenance: 'maintenance',
  Internal: 'internal_error',
  CaptchaFailed: 'captcha_failed',
  // Accounts (issue 4).
  InvalidCredentials: 'invalid_credentials',
  AccountNotActivated: 'account_not_activated',
  AccountBlocked: 'account_blocked',
  OtpRequired: 'otp_required',
  InvalidCode: 'invalid_code',
  InvalidToken: 'invalid_token',
  ActivationFailed: 'activation_failed',
  EmailNotRegistered: 'email_not_registered',
  WrongPassword: 'wrong_password',
  CommonPassword: 'common_password',
  TwoFactorState: 'two_factor_state',
  // Orders (issue 5).
  InvalidTransition: 'invalid_transition',
  ReceiptAlreadyUploaded: 'receipt_already_uploaded',
  NotAnImage: 'not_an_image',
  FileTooLarge: 'file_too_large',
  ImageTooLarge: 'image_too_large',
  DirectionUnavailable: 'direction_unavailable',
  RateChanged: 'rate_changed',
  InsufficientReserve: 'insufficient_reserve',
  RefundAddressRequired: 'refund_address_required',
  // Console (issue 12).
  TwoFactorRequired: 'two_factor_required',
  /** The blacklist refused an order (the message never says why). */
  OrderRefused: 'order_refused',
  /** The blacklist refused a refund address (the message never says why). */
  RefundAddressRefused: 'refund_address_refused',
  /** The change would leave no active admin. */
  LastAdmin: 'last_admin',
  /** Staff cannot block or unblock their own account. */
  OwnAccount: 'own_account',
  /** An admin blocked the account (no end date). */
  AccountSuspended: 'account_suspended',
  /** A claim lost: another staff member holds the order (common/board.ts BOARD_CLAIM_ERROR). */
  OrderClaimed: 'order_claimed',
  // Identity verification (issue 13).
  /** A KYC submission is already waiting for a decision. */
  KycPending: 'kyc_pending',
  /** The user is already verified. */
  KycVerified: 'kyc_verified',
  /** The last refusal was final: no new submission. */
  KycRefusedFinal: 'kyc_refused_final',
  /** No submission of the user waits for a decision. */
  KycNotPending: 'kyc_not_pending',
  /** A card number that fails the Luhn check (common/paymentDetails.ts luhnValid). */
  CardNumberInvalid: 'card_number_invalid',
  /** The same card or wallet is already among the user's saved requisites. */
  RequisiteExists: 'requisite_exists',
  // The referral programme's ledger and withdrawals (issue 14).
  /** Nothing on the partner's available balance ("No funds available for withdrawal"). */
  NoFunds: 'no_funds',
  /** The amount is more than the available balance (or a concurrent request took it). */
  InsufficientFunds: 'insufficient_funds',
  /** A withdrawal below the minimum payout. */
  BelowMinPayout: 'below_min_payout',
  /** A card payout to a card that is not among the user's verified requisites. */
  CardNotVerified: 'card_not_verified',
  /** The asset has no live rate to USDT now. */
  RateUnavailable: 'rate_unavailable',
  // The partner API (issue 15, common/partnerApi.ts PARTNER_API_ERRORS).
  /** An unknown key, a missing header or a signature that does not match (never says which). */
  BadSignature: 'bad_signature',
  /** `time` is not greater than the last accepted one for the key (a replay, or out of order). */
  StaleNonce: 'stale_nonce',
  KeyDisabled: 'key_disabled',
  IpNotAllowed: 'ip_not_allowed',
  WithdrawalsNotAllowed: 'withdrawals_not_allowed',
  UnknownMethod: 'unknown_method',
  /** The signed call's parameters failed validation (with fields). */
  PartnerValidation: 'validation_error',
  /** "Allow withdrawals" on a key needs 2FA on the account. */
  TwoFactorRequiredForWithdrawals: 'two_factor_required_for_withdrawals',
  /** The callback URL resolves to a private, loopback or link-local address. */
  CallbackUrlRefused: 'callback_url_refused',
  /** The account already holds MAX_API_KEYS keys. */
  ApiKeyLimit: 'api_key_limit',
  BelowMinimum: 'below_minimum',
  AboveMaximum: 'above_maximum',
  ReserveExceeded: 'reserve_exceeded',
  QuoteExpired: 'quote_expired',
  OrderNotFound: 'order_not_found',
  NotCancellable: 'not_cancellable',
  // Customer reviews (issue 16).
  /** The order has a review already (one per order). */
  ReviewExists: 'review_exists',
  /** Only a done order may be reviewed. */
  OrderNotDone: 'order_not_done',
  /** The review is already in the status asked for. */
  ReviewState: 'review_state',
  // Content pages (issue 16).
  /** The terms' text changes only by publishing a new version. */
  TermsVersioned: 'terms_versioned',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';
/** Cookie holding the chosen language; kept 365 days (spec §9). */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE_DAYS = 365;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The first supported language among the candidates (most specific first), else Russian: THE
 * language rule. The API reads the `lang` header then the cookie (backend/platform/i18n.ts), a page
 * the cookie then Accept-Language (backend/seo/pages.ts), the SPA starts in the cookie's language
 * then the `<html lang>` the server rendered (frontend/src/lib/language.ts).
 */
export function pickLang(...candidates: Array<string | null | undefined>): Lang {
  for (const candidate of candidates) {
    const value = candidate?.trim().toLowerCase();
    if (isLang(value)) return value;
  }
  return DEFAULT_LANG;
}

/** Public configuration delivered to the browser by `GET /api/config` (never secrets). */
export interface PublicConfig {
  publicUrl: string;
  buildId: string | null;
  supportUrl: string;
  analyticsId: string | null;
  chatWidgetId: string | null;
  /** The chat widget's provider; null when no chat widget is configured. */
  chatWidgetProvider: ChatWidgetProvider | null;
  recaptchaV2SiteKey: string | null;
  recaptchaV3SiteKey: string | null;
  maintenance: boolean;
}

/** `GET|PUT /api/admin/maintenance`: what is enforced, whether MAINTENANCE=1 forces it, what is stored. */
export interface MaintenanceState {
  enabled: boolean;
  forced: boolean;
  stored: boolean;
}

/** Build manifest written by the frontend build and served at /builds/latest.json. */
export interface BuildManifest {
  buildId: string;
  builtAt: string;
}

/** What `GET /api/user/auth/session/get/` answers inside `data` when signed in. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  secondName: string | null;
  role: 'user' | 'operator' | 'admin';
  twoFactorEnabled: boolean;
  kycStatus: KycStatus | null;
}

export type KycStatus = 'approve' | 'blocked' | 'check';
