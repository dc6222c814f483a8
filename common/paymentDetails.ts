/** The admins' payment details API (`/api/admin/payment-details`): where customers pay, per asset. */
import { isBankCard, type AssetDto } from './catalogue';

export interface PaymentDetailDto {
  id: number;
  asset: string;
  account: string;
  memo: string | null;
  holder: string | null;
  note: string | null;
  enabled: boolean;
  /** A row of the demo seeding: never used once the asset has a real row. */
  demo: boolean;
  /** Orders given this row so far, and when the last one was (ISO). */
  useCount: number;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface PaymentDetailList {
  details: PaymentDetailDto[];
}

/** `POST /api/admin/payment-details`. */
export interface CreatePaymentDetailRequest {
  asset: string;
  account: string;
  holder?: string;
  note?: string;
  memo?: string;
}

/** The account as the audit and logs may show it: its last four characters. */
export function maskAccount(account: string): string {
  const compact = account.replace(/\s+/g, '');
  return compact.length <= 4 ? '****' : `****${compact.slice(-4)}`;
}

/** Digits of a card number pass the Luhn checksum. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as stored and shown: 13–19 digits (spaces and dashes dropped) passing Luhn, in groups of four; else null. */
export function normalizeCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return null;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Whether an account fits its asset's form: a bank card's number passes Luhn (spaces and dashes
 * allowed), a coin's wallet has no spaces inside; any other account passes here (its general
 * shape is `validation.account`'s). Which network a wallet belongs to is not checked. Orders'
 * accounts (orders/directionRules.ts) and the admins' payment details ask it.
 */
export function accountInAssetForm(asset: Pick<AssetDto, 'code' | 'type'>, account: string): boolean {
  if (isBankCard(asset)) return normalizeCardNumber(account) !== null;
  return asset.type !== 'coin' || !/\s/.test(account.trim());
}
