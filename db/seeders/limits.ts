/** Order limits for seeded and generated directions, set by their worth in USDT. */
import { Dec } from '../../backend/rates/math';

/**
 * How many units of an asset are worth `usdt`, kept to two significant digits and the asset's
 * precision: rounded up for a minimum, down for a maximum.
 */
export function amountWorth(
  usdt: string,
  unitPrice: string,
  precision: number,
  rounding: 'up' | 'down',
): string {
  const mode = rounding === 'up' ? Dec.roundUp : Dec.roundDown;
  return new Dec(usdt).div(new Dec(unitPrice)).prec(2, mode).round(precision, mode).toFixed();
}
