/**
 * Saved requisites (`/user/requisites`): a signed-in user's cards and wallets. A card is
 * verified by an operator (a photo on this page, or a card approved during one of the user's
 * orders) and then spares the user the card check of their orders paid from it. The full number is
 * never sent back after entry: only the masked form.
 */
import { mixed, number, object, string, type InferType } from 'yup';
import { isBankCard, type AssetDto } from './catalogue';
import { validationMessage } from './validation';

export const REQUISITE_KINDS = ['card', 'wallet'] as const;
export type RequisiteKind = (typeof REQUISITE_KINDS)[number];

/**
 * As stored: a card waits for a decision (`pending`), then is `verified` or `rejected` (with the
 * reason); a wallet needs no review and is `saved`. As shown, a verified card past its expiry
 * month is `expired`.
 */
export const REQUISITE_STATUSES = ['pending', 'verified', 'rejected', 'expired', 'saved'] as const;
export type RequisiteStatus = (typeof REQUISITE_STATUSES)[number];
export type StoredRequisiteStatus = Exclude<RequisiteStatus, 'expired'>;

/** The longest reason an operator may give for a rejection. */
export const MAX_REQUISITE_REASON = 500;
export const MAX_HOLDER_LENGTH = 64;
export const MAX_WALLET_LENGTH = 128;

export interface RequisiteDto {
  id: number;
  kind: RequisiteKind;
  asset: string;
  /** `•••• 1234` for a card; a wallet's start and end (`TXa1…9fQz`). */
  masked: string;
  holder: string | null;
  /** `MM/YY` for a card entered here; null for a wallet or a card saved from an order. */
  expires: string | null;
  status: RequisiteStatus;
  /** A rejection's reason (null: the default text). */
  rejectReason: string | null;
  /** A photo was uploaded and waits for an operator. */
  photoUploaded: boolean;
  createdAt: string;
}

/** `GET /api/user/requisites` */
export interface RequisiteList {
  requisites: RequisiteDto[];
}

/** `POST /api/user/requisites` (JSON): a card then takes its photo at `POST /api/user/requisites/{id}/photo`. */
export interface CreateRequisiteRequest {
  kind: RequisiteKind;
  asset: string;
  number: string;
  holder?: string;
  expiryMonth?: number;
  expiryYear?: number;
}

/** `requisites:changed` to the `user:<id>` room: one of the user's requisites changed (reload the list). */
export interface RequisiteChangedEvent {
  id: number;
  status: RequisiteStatus;
}

/** One card waiting in the operators' `requisites` review queue. */
export interface RequisiteReviewItem {
  id: number;
  userId: number;
  email: string;
  asset: string;
  masked: string;
  holder: string | null;
  expires: string | null;
  /** The same card is verified for another account (found by its keyed hash): look twice. */
  shared: boolean;
  uploadedAt: string;
  /** A short-lived signed link to the photo. */
  photoUrl: string;
}

/** `GET /api/operator/reviews/requisites?cursor=` */
export interface RequisiteReviewList {
  items: RequisiteReviewItem[];
  nextCursor: string | null;
}

/** A card is saved on a bank-card asset; a wallet on any other but cash (an office, not an account). */
export function requisiteAssetFits(kind: RequisiteKind, asset: Pick<AssetDto, 'code' | 'type'>): boolean {
  return kind === 'card' ? isBankCard(asset) : !isBankCard(asset) && asset.type !== 'cash';
}

/** The digits of a card number written with optional spaces or dashes (13–19 digits), else null. */
export function cardNumberDigits(value: string): string | null {
  const compact = value.replace(/[\s-]+/g, '');
  return /^\d{13,19}$/.test(compact) ? compact : null;
}

/** `•••• 1234`: the only form a card number is shown in after entry. */
export function maskCard(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}

export function maskWallet(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** `MM/YY` */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function cardExpired(month: number, year: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(year, month, 1);
}

const required = validationMessage('required');
const general = validationMessage('general_error');

/**
 * `POST /api/user/requisites`. The shape only: a card's Luhn check answers its own code
 * (422 card_number_invalid) in the command, a card already past its date is refused here.
 */
export const createRequisiteSchema = object({
  kind: mixed<RequisiteKind>().required(required).oneOf([...REQUISITE_KINDS], general),
  asset: string().strict().required(required).trim().min(1, required).max(32, validationMessage('max_length', { max: 32 })),
  number: string()
    .strict()
    .required(required)
    .trim()
    .min(1, required)
    .max(MAX_WALLET_LENGTH, validationMessage('max_length', { max: MAX_WALLET_LENGTH }))
    .test({ name: 'card_digits', message: validationMessage('account'), test: (value, context) => context.parent.kind !== 'card' || cardNumberDigits(value ?? '') !== null }),
  holder: string().strict().optional().trim().max(MAX_HOLDER_LENGTH, validationMessage('max_length', { max: MAX_HOLDER_LENGTH })),
  expiryMonth: number()
    .integer(validationMessage('integer'))
    .min(1, general)
    .max(12, general)
    .when('kind', { is: 'card', then: (schema) => schema.required(required), otherwise: (schema) => schema.strip() }),
  expiryYear: number()
    .integer(validationMessage('integer'))
    .min(2000, general)
    .max(2100, general)
    .when('kind', { is: 'card', then: (schema) => schema.required(required), otherwise: (schema) => schema.strip() })
    .test({
      name: 'not_expired',
      message: general,
      test: (year, context) => {
        const month = context.parent.expiryMonth as unknown;
        return context.parent.kind !== 'card' || typeof year !== 'number' || typeof month !== 'number' || !cardExpired(month, year, new Date());
      },
    }),
});
export type CreateRequisiteInput = InferType<typeof createRequisiteSchema>;

/** `POST /api/operator/reviews/requisites/{id}/approve|reject` `{reason?}` */
export const requisiteDecisionSchema = object({
  reason: string().strict().optional().trim().max(MAX_REQUISITE_REASON, validationMessage('max_length', { max: MAX_REQUISITE_REASON })),
});

export const requisiteReviewListSchema = object({
  cursor: string().optional().matches(/^\d{1,15}_\d{1,12}$/, { message: general }),
});
