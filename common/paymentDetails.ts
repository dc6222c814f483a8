/** The admins' payment details API (`/api/admin/payment-details`): where customers pay, per asset. */
import type { TestConfig } from 'yup';
import { isBankCard, type AssetDto } from './catalogue';
import { account as generalAccount } from './validation/fieldRules';
import { validationMessage, type RuleResult } from './validation/messages';
import { walletChain, walletFits } from './walletForms';

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
 * What is wrong with an account for its asset, or true when it fits: a bank card's number must pass
 * Luhn (spaces and dashes allowed) — `validation.account` when it is no card number at all,
 * `validation.card_number` when a digit is wrong; a coin's wallet must have the form of
 * its chain (common/walletForms.ts: TRC20, ERC20, BTC…) — `validation.wallet_network` naming the
 * network; any other account passes here (its general shape is `validation.account`'s). Orders'
 * accounts (orders/directionRules.ts and the order form), refund addresses, withdrawals, saved
 * wallets and the admins' payment details ask it.
 */
export function accountProblem(asset: Pick<AssetDto, 'code' | 'type' | 'network' | 'currency'>, account: string): RuleResult {
  if (isBankCard(asset)) {
    const digits = account.replace(/[\s-]/g, '');
    // Not a card number at all: the general message; a card number one digit off: Luhn says so.
    if (!/^\d{13,19}$/.test(digits)) return validationMessage('account');
    return luhnValid(digits) || validationMessage('card_number');
  }
  if (asset.type !== 'coin') return true;
  return walletFits(asset, account) || validationMessage('wallet_network', { network: walletChain(asset) ?? asset.network ?? asset.currency });
}

/**
 * accountProblem as a yup test of a string field, after the general account rule: an empty value or
 * one the general rule already refuses passes here, so a field shows one message.
 */
export function accountFormTest(asset: Pick<AssetDto, 'code' | 'type' | 'network' | 'currency'>): TestConfig<string | undefined> {
  return {
    name: 'asset_form',
    test: (value, context) => {
      const problem = value && generalAccount(value) === true ? accountProblem(asset, value) : true;
      return problem === true || context.createError({ message: problem });
    },
  };
}
