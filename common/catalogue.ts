/**
 * Catalogue and live-rate types shared by the server and the browser (issue 3).
 * Every amount, rate, markup and reserve is a decimal string; `precision` and minutes are counts.
 */
import type { Lang } from './api';
import { formatMoney } from './money';
import type { AssetType, RateType } from './enums';
import type { Schedule } from './schedule';

/** `computed`: the stored balance paid-out orders draw down; `manual`: a figure an admin set. */
export const RESERVE_MODES = ['computed', 'manual'] as const;
export type ReserveMode = (typeof RESERVE_MODES)[number];

/** Asset codes follow the monitoring convention: upper-case Latin letters and digits. */
export const ASSET_CODE_PATTERN = /^[A-Z0-9]{2,24}$/;

export interface AssetDto {
  /**
   * Unique code in the monitoring convention (`BTC`, `USDTTRC20`, `SBERRUB`, `CARDKGS`).
   * Cash is held per city, so a cash asset's code is its monitoring code plus the city
   * (`CASHRUBMSK` is `CASHRUB` in `MSK`); see `monitoringCode`.
   */
  code: string;
  /** The name in Latin letters: the English interface and the monitoring exports. */
  name: string;
  /** The Russian name where it differs (banks, payment systems, cash); null: `name` in both languages. */
  nameRu: string | null;
  type: AssetType;
  /** What the asset is denominated in: `BTC`, `USDT`, `RUB`, `KGS`, `USD`… */
  currency: string;
  /** Blockchain network of a token (`TRC20`, `ERC20`), null for native coins, cards and cash. */
  network: string | null;
  /** Decimal places amounts of this asset are kept to. */
  precision: number;
  /** Icon slug the frontend maps to an image. */
  icon: string;
  /** What the exchanger can pay out in this asset. */
  reserve: string;
  enabled: boolean;
  /** City code (`MSK`, `SPB`, `EKB`…) for cash, otherwise null. */
  city: string | null;
}

/** Names of the extra fields a direction can ask for, besides the wallet or card itself. */
export const EXTRA_FIELD_NAMES = ['memo', 'tag', 'cardHolder', 'phone', 'bankName'] as const;
export type ExtraFieldName = (typeof EXTRA_FIELD_NAMES)[number];

export interface ExtraFieldDto {
  name: ExtraFieldName;
  required: boolean;
  /** Source of a JavaScript regular expression the value must match, when there is one. */
  pattern?: string;
}

/** A fee not included in the rate: a percentage or an amount in the side's currency. */
export interface FeeDto {
  value: string;
  unit: 'percent' | 'amount';
}

/** Fees a direction declares to monitoring sites (BestChange minfee/fromfee/tofee). */
export interface DirectionFees {
  /** Smallest fee taken, in the currency of `from`. */
  minFee?: string;
  /** Taken from what the client sends. */
  fromFee?: FeeDto;
  /** Taken from what the client receives. */
  toFee?: FeeDto;
}

export interface DirectionDto {
  /** Code of the asset the client sends. */
  from: string;
  /** Code of the asset the client receives. */
  to: string;
  /** Percent kept by the exchanger, e.g. `1.5`. */
  markup: string;
  /** Smallest amount of `from` per order. */
  minAmount: string;
  /** Largest amount of `from` per order. */
  maxAmount: string;
  rateTypes: RateType[];
  /** How long a fixed rate holds for an order. */
  fixedPeriodMinutes: number;
  /** Processed by an operator rather than automatically. */
  manual: boolean;
  /** The reverse direction is not offered ("Direction available in one way only"). */
  oneWay: boolean;
  extraFields: ExtraFieldDto[];
  fees?: DirectionFees;
  /** Working hours (manual directions); absent: always open. Outside them the direction has no rate. */
  schedule?: Schedule;
  enabled: boolean;
}

/**
 * `GET /api/catalogue/assets`: every offered asset once (the asset list of every screen), and the
 * codes of those that can be sent through at least one offered direction.
 */
export interface CatalogueAssetsDto {
  assets: AssetDto[];
  senders: string[];
}

/** `GET /api/catalogue/assets/:code/directions`: the offered directions leaving or reaching `code`. */
export interface AssetDirectionsDto {
  code: string;
  directions: DirectionDto[];
}

export interface DirectionRateDto {
  from: string;
  to: string;
  /** Units of `to` paid per 1 unit of `from`, markup included. */
  rate: string;
  /** Monitoring convention: give `in` of `from`, get `out` of `to`; one of them is `1`. */
  in: string;
  out: string;
  /** Reserve of `to`. */
  reserve: string;
  /** Smallest amount of `from` per order. */
  min: string;
  /** Largest amount of `from` per order: the direction's maximum, capped by the reserve. */
  max: string;
  rateTypes: RateType[];
  manual: boolean;
  fees?: DirectionFees;
  /** Time of the oldest price the rate was computed from (ISO 8601). */
  updatedAt: string;
  /** A price behind the rate is too old: the direction is neither offered nor exported. */
  stale: boolean;
}

/**
 * The rate of the pair the widget shows first (common/exchangePair.ts), as the server prerendered it into the home page (backend/seo/shell.ts),
 * in a `<script type="application/json" id="prerendered-rate">`: the widget shows it while its own
 * data loads, so the rate on screen does not blink out when the page's code takes over.
 */
export interface PrerenderedRateDto {
  from: string;
  to: string;
  fromCurrency: string;
  toCurrency: string;
  in: string;
  out: string;
  reserve: string;
}

export const PRERENDERED_RATE_ID = 'prerendered-rate';

/** Why an amount cannot be exchanged; the widget maps each to a translated message. */
export const AMOUNT_VIOLATIONS = [
  'invalid_amount',
  'precision',
  'below_min',
  'above_max',
  'above_reserve',
] as const;
export type AmountViolation = (typeof AMOUNT_VIOLATIONS)[number];

/** The code monitoring sites know an asset by: cash is `CASH<currency>` plus a separate city. */
/** The asset's name in `lang`: the Russian one where it has one, else the Latin one. */
/** A bank card (not fast payments, not a bank transfer, not cash): its sender verifies it. */
export function isBankCard(asset: Pick<AssetDto, 'code' | 'type'>): boolean {
  return asset.type === 'fiat' && !/^(SBP|WIRE)/.test(asset.code);
}

export function assetName(asset: Pick<AssetDto, 'name' | 'nameRu'>, lang: Lang): string {
  return lang === 'ru' && asset.nameRu ? asset.nameRu : asset.name;
}

/** The currency a wallet of the asset holds, with a token's network: "USDT (TRC20)", "BTC". */
export function walletCurrency(asset: Pick<AssetDto, 'type' | 'currency' | 'network'>): string {
  return asset.type === 'coin' && asset.network && asset.network !== asset.currency ? `${asset.currency} (${asset.network})` : asset.currency;
}

/** An amount of an asset as people read it: "1 500 RUB (Сбербанк)", "49.9 USDT (Tether TRC20)" — the currency, then the asset's name. */
export function moneyOfAsset(amount: string, asset: Pick<AssetDto, 'currency' | 'name' | 'nameRu'>, lang: Lang): string {
  return `${formatMoney(amount, asset.currency)} (${assetName(asset, lang)})`;
}

export function monitoringCode(asset: Pick<AssetDto, 'code' | 'type' | 'currency'>): string {
  return asset.type === 'cash' ? `CASH${asset.currency}` : asset.code;
}
