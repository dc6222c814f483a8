/**
 * The form of a wallet address on each chain the catalogue knows: a token is sent on its network
 * (`USDTTRC20` on TRC20), a native coin on its own chain (`BTC`). A customer who pastes an ERC20
 * address for a TRC20 payout, or half an address, loses the funds; the order form, the server and
 * every other place a wallet is typed ask `walletChain` / `walletFits` here (through
 * common/paymentDetails.ts accountProblem). Shapes only — prefix, alphabet, length — and, for
 * bech32 addresses (BTC, LTC), the checksum, which catches a mistyped character. A chain the table
 * does not know (a generated catalogue's invented coins) keeps the general rule: no spaces inside.
 */
import type { AssetDto } from './catalogue';

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32 = `[${BECH32_CHARSET}]`;
const EVM = /^0x[0-9a-fA-F]{40}$/;
const TRON = new RegExp(`^T[${BASE58}]{33}$`);

/** A chain's address form: the pattern, and the human-readable part of its bech32 addresses (checked apart). */
interface WalletForm {
  pattern: RegExp;
  bech32?: string;
}

/** Address forms by chain: a token's network, or a native coin's currency. */
export const WALLET_FORMS: Readonly<Record<string, WalletForm>> = {
  BTC: { pattern: new RegExp(`^[13][${BASE58}]{25,34}$`), bech32: 'bc' },
  LTC: { pattern: new RegExp(`^[LM3][${BASE58}]{26,33}$`), bech32: 'ltc' },
  BCH: { pattern: new RegExp(`^((bitcoincash:)?[qp]${BECH32}{41}|[13][${BASE58}]{25,34})$`) },
  DOGE: { pattern: new RegExp(`^[DA9][${BASE58}]{25,34}$`) },
  DASH: { pattern: new RegExp(`^[X7][${BASE58}]{33}$`) },
  ETH: { pattern: EVM },
  ETC: { pattern: EVM },
  ERC20: { pattern: EVM },
  BEP20: { pattern: EVM },
  // Other EVM networks an admin may name a token's network after: the same 0x form.
  BSC: { pattern: EVM },
  BNB: { pattern: EVM },
  POLYGON: { pattern: EVM },
  MATIC: { pattern: EVM },
  ARBITRUM: { pattern: EVM },
  OPTIMISM: { pattern: EVM },
  BASE: { pattern: EVM },
  AVAX: { pattern: EVM },
  TRX: { pattern: TRON },
  TRC20: { pattern: TRON },
  TRON: { pattern: TRON },
  // User-friendly (base64url or base64, 48 characters) or raw (workchain:hex).
  TON: { pattern: /^([EUk0]Q[A-Za-z0-9_+/-]{46}|-?[01]:[0-9a-fA-F]{64})$/ },
  SOL: { pattern: new RegExp(`^[${BASE58}]{32,44}$`) },
  // A classic address, or an X-address (the tag inside it).
  XRP: { pattern: /^(r[1-9A-HJ-NP-Za-km-z]{24,34}|X[1-9A-HJ-NP-Za-km-z]{46})$/ },
  // An account (G…), or a muxed account (M…).
  XLM: { pattern: /^(G[A-Z2-7]{55}|M[A-Z2-7]{68})$/ },
  ADA: { pattern: new RegExp(`^(addr1${BECH32}{50,110}|Ae2[${BASE58}]{50,120}|DdzFF[${BASE58}]{80,120})$`) },
  XMR: { pattern: new RegExp(`^([48][${BASE58}]{94}|4[${BASE58}]{105})$`) },
  ATOM: { pattern: new RegExp(`^cosmos1${BECH32}{38}$`) },
  DOT: { pattern: new RegExp(`^1[${BASE58}]{46,47}$`) },
};

/** The chain a coin's wallet belongs to (its network, else its currency), when the table knows it; null for anything else. */
export function walletChain(asset: Pick<AssetDto, 'type' | 'network' | 'currency'>): string | null {
  if (asset.type !== 'coin') return null;
  const chain = asset.network ?? asset.currency;
  return Object.hasOwn(WALLET_FORMS, chain) ? chain : null;
}

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) check ^= generators[bit]!;
  }
  return check >>> 0;
}

function hrpExpanded(hrp: string): number[] {
  return [...[...hrp].map((char) => char.charCodeAt(0) >> 5), 0, ...[...hrp].map((char) => char.charCodeAt(0) & 31)];
}

/** A version 0 segwit address of `hrp` for a 20- or 32-byte witness program (BIP 173): what the checks below take. */
export function segwitAddress(hrp: string, program: Uint8Array): string {
  const data = [0];
  let bits = 0;
  let value = 0;
  for (const byte of program) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((value >>> bits) & 31);
    }
  }
  if (bits > 0) data.push((value << (5 - bits)) & 31);
  const check = polymod([...hrpExpanded(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  for (let index = 0; index < 6; index += 1) data.push((check >>> (5 * (5 - index))) & 31);
  return `${hrp}1${data.map((group) => BECH32_CHARSET[group]).join('')}`;
}

/**
 * A segwit address of `hrp` (BIP 173 / 350): one case, `hrp1`, then a witness version and program
 * of the lengths the standard allows, and a bech32 (v0) or bech32m (v1+) checksum that adds up.
 */
export function segwitAddressValid(hrp: string, address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  if (!text.startsWith(`${hrp}1`) || text.length > 90) return false;
  const data: number[] = [];
  for (const char of text.slice(hrp.length + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value < 0) return false;
    data.push(value);
  }
  if (data.length < 7) return false;
  const version = data[0]!;
  if (version > 16) return false;
  const expanded = [...hrpExpanded(hrp), ...data];
  const constant = version === 0 ? 1 : 0x2bc830a3;
  if (polymod(expanded) !== constant) return false;
  // The witness program: 5-bit groups back to bytes; v0 is 20 or 32 bytes, later versions 2–40.
  const bytes = Math.floor(((data.length - 7) * 5) / 8);
  return version === 0 ? bytes === 20 || bytes === 32 : bytes >= 2 && bytes <= 40;
}

/**
 * Whether `address` (trimmed) has the form of a wallet on the asset's chain; true for a chain the
 * table does not know when the address has no spaces inside.
 */
export function walletFits(asset: Pick<AssetDto, 'type' | 'network' | 'currency'>, address: string): boolean {
  const text = address.trim();
  const chain = walletChain(asset);
  if (chain === null) return !/\s/.test(text);
  const form = WALLET_FORMS[chain]!;
  return form.pattern.test(text) || (form.bech32 !== undefined && segwitAddressValid(form.bech32, text));
}
