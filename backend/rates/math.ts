/**
 * Rate arithmetic of the worker: the live rate of a direction from the price table. The pure
 * decimal functions (rates, amounts on either side, in/out, limits) live in common/rateMath.ts,
 * shared with the browser, and are re-exported here; `computeDirectionRate` runs the same math on
 * BigInts (./exact.ts), which gives the same digits for a fraction of the time.
 */
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../common/catalogue';
import { computeRate, maxSendForReserve, monitoringInOut, productAtMost } from './exact';
import type { MarketPrices, PriceTable } from './prices';

export * from '../../common/rateMath';

/** The part of an asset the rate math reads. */
type PricedAsset = Pick<AssetDto, 'currency' | 'precision'>;

/**
 * A direction's rate before the markup: the ratio bid(from) / ask(to) its rate is computed from,
 * rounded as a rate is (common/rateMath.ts `computeRate` with no markup). Null when a price is
 * missing or it rounds to zero.
 */
export function marketRate(prices: Readonly<MarketPrices>, from: PricedAsset, to: PricedAsset): string | null {
  const fromPrice = Object.hasOwn(prices, from.currency) ? prices[from.currency] : undefined;
  const toPrice = Object.hasOwn(prices, to.currency) ? prices[to.currency] : undefined;
  if (!fromPrice || !toPrice) return null;
  const rate = computeRate({ fromBid: fromPrice.bid, toAsk: toPrice.ask, markup: '0', toPrecision: to.precision });
  return rate === '0' ? null : rate;
}

export interface DirectionRateInput {
  direction: DirectionDto;
  from: AssetDto;
  to: AssetDto;
  prices: PriceTable;
}

/**
 * The live rate of one direction, or null when a price is missing or the rate rounds to zero.
 * `max` is the direction's maximum capped by what the reserve of `to` can pay out.
 */
export function computeDirectionRate({
  direction,
  from,
  to,
  prices,
}: DirectionRateInput): DirectionRateDto | null {
  const fromPrice = prices.get(from.currency);
  const toPrice = prices.get(to.currency);
  if (!fromPrice || !toPrice) return null;
  const rate = computeRate({
    fromBid: fromPrice.bid,
    toAsk: toPrice.ask,
    markup: direction.markup,
    toPrecision: to.precision,
  });
  if (rate === '0') return null;
  const { in: give, out: get } = monitoringInOut(rate, from.precision);
  // maxAmount ≤ reserve / rate exactly when maxAmount × rate ≤ reserve: divide only to cap.
  const reserveCovers = productAtMost(direction.maxAmount, rate, to.reserve);
  const max = reserveCovers ? direction.maxAmount : maxSendForReserve(to.reserve, rate, from.precision);
  const updatedAt = fromPrice.at < toPrice.at ? fromPrice.at : toPrice.at;
  const dto: DirectionRateDto = {
    from: direction.from,
    to: direction.to,
    rate,
    in: give,
    out: get,
    reserve: to.reserve,
    min: direction.minAmount,
    max,
    rateTypes: direction.rateTypes,
    manual: direction.manual,
    updatedAt,
    stale: fromPrice.stale || toPrice.stale,
  };
  if (direction.fees) dto.fees = direction.fees;
  return dto;
}
