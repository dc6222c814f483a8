/**
 * What a page shows of the live rates (issue 17): a few pairs (the widget's, a landing page's),
 * the directions of one asset (what the asset modal shows as available), the reserves (the
 * reserves page). The same scope asks `GET /api/rates` for a snapshot and `rates:watch` for the
 * live changes; the server and the browser share its encoding and its limits here.
 */
import { array, boolean, object, string, type InferType } from 'yup';
import './validation';
import { ASSET_CODE_PATTERN } from './catalogue';

export interface ScopePair {
  from: string;
  to: string;
}

export interface RatesScope {
  pairs?: ScopePair[];
  /** Every direction leaving or reaching this asset (snapshots only: never watched live). */
  asset?: string;
  /** Every reserve. */
  reserves?: boolean;
}

/** Pairs one page may watch at once. */
export const MAX_SCOPE_PAIRS = 20;

const CODE = ASSET_CODE_PATTERN.source.slice(1, -1);
const PAIRS_PATTERN = new RegExp(`^${CODE}-${CODE}(,${CODE}-${CODE}){0,${MAX_SCOPE_PAIRS - 1}}$`);

/** `pairs=BTC-SBERRUB,ETH-USDTTRC20&asset=BTC&reserves=1`, keys in that order. */
export function ratesQuery(scope: RatesScope): string {
  const params = new URLSearchParams();
  if (scope.pairs && scope.pairs.length > 0) params.set('pairs', scope.pairs.map(({ from, to }) => `${from}-${to}`).join(','));
  if (scope.asset) params.set('asset', scope.asset);
  if (scope.reserves) params.set('reserves', '1');
  return params.toString().replace(/%2C/g, ',');
}

/** The query of `GET /api/rates`: absent keys ask for everything (the whole snapshot). */
export const ratesQuerySchema = object({
  pairs: string().matches(PAIRS_PATTERN).optional(),
  asset: string().matches(ASSET_CODE_PATTERN).optional(),
  reserves: string().oneOf(['0', '1']).optional(),
});
export type RatesQuery = InferType<typeof ratesQuerySchema>;

/** The scope a validated query names; null when it names none (the whole snapshot). */
export function scopeOfQuery(query: RatesQuery): RatesScope | null {
  if (query.pairs === undefined && query.asset === undefined && query.reserves === undefined) return null;
  const pairs = query.pairs?.split(',').map((pair) => {
    const [from, to] = pair.split('-');
    return { from, to };
  });
  return { pairs, asset: query.asset, reserves: query.reserves === '1' };
}

/** `rates:watch`: the pairs and whether the reserves, replacing what the socket watched before. */
export const ratesWatchSchema = object({
  pairs: array(
    object({
      from: string().matches(ASSET_CODE_PATTERN).required(),
      to: string().matches(ASSET_CODE_PATTERN).required(),
    }),
  )
    .max(MAX_SCOPE_PAIRS)
    .default([]),
  reserves: boolean().default(false),
});
export type RatesWatch = InferType<typeof ratesWatchSchema>;
