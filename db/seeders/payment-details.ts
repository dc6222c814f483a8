/**
 * Demo payment details of the exchanger: where customers send funds, per asset type (and per
 * network for tokens). Seed data only: the table `payment_details` holds what the order page shows
 * (backend/orders/paymentDetails.ts); migration 0008 and the catalogue seeding fill it from here,
 * and a real deployment edits the rows.
 */
import type { AssetDto } from '../../common/catalogue';

export interface PaymentAccount {
  account: string;
  memo: string | null;
  /** Recipient name for cards, office hours for cash. */
  note: string | null;
}

/** Wallet addresses by network (tokens) or currency (native coins). */
export const DEMO_WALLETS: Readonly<Record<string, string>> = {
  BTC: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
  BEP20: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  TRC20: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  TRX: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  TON: 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  LTC: 'ltc1qey9rnu20yzaumg0aczyhent0wx224u56utyg7f',
  DOGE: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
  ETC: '0x52908400098527886E0F7030069857D2E4169EE7',
  BCH: 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
  DASH: 'XpESxaUmonkq8RaLLp46Brx2K39ggQe226',
  XRP: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
  XLM: 'GCEZWKCA5VLDNRLN3RPRJMRZOX3Z6G5CHCGSNFHEYVXM3XOJMDS674JZ',
  ADA: 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
  XMR: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
  ATOM: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
  DOT: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
};

/** Coins whose payments need a memo / destination tag. */
export const DEMO_MEMOS: Readonly<Record<string, string>> = { XRP: '104729', XLM: '5531', ATOM: '88213', TON: '' };

export const DEMO_CARD = { account: '2200 7001 2345 6789', note: 'Ivan I.' } as const;
export const DEMO_CASH_NOTE = 'Office: Mon–Fri 10:00–19:00, address sent by the operator';
const FALLBACK_WALLET = '0x0000000000000000000000000000000000dEaD01';

export function demoPaymentAccount(asset: Pick<AssetDto, 'code' | 'type' | 'currency' | 'network'>): PaymentAccount {
  if (asset.type === 'cash') return { account: asset.code, memo: null, note: DEMO_CASH_NOTE };
  if (asset.type === 'fiat') return { account: DEMO_CARD.account, memo: null, note: DEMO_CARD.note };
  const account = DEMO_WALLETS[asset.network ?? asset.currency] ?? DEMO_WALLETS[asset.currency] ?? FALLBACK_WALLET;
  const memo = DEMO_MEMOS[asset.currency] || null;
  return { account, memo, note: null };
}

/** The `payment_details` row the demo gives an asset. */
export function demoPaymentDetailRow(asset: Pick<AssetDto, 'code' | 'type' | 'currency' | 'network'>): PaymentAccount & { assetCode: string } {
  return { assetCode: asset.code, ...demoPaymentAccount(asset) };
}
