/**
 * Exact rate arithmetic shared by the server and the browser: a rate from two prices and a
 * markup, amounts on either side, the monitoring in/out convention and the limits check.
 * Decimal strings in and out; the arithmetic runs in a private big.js constructor so no global
 * setting leaks either way. The rate of a direction from the price table is
 * `computeDirectionRate` in backend/rates/math.ts.
 */
import Big from 'big.js';
import type { AmountViolation } from './catalogue';
import { isDecimalString } from './money';

/** Decimal places kept by divisions inside the rate math. */
export const INTERNAL_DP = 40;
/** A rate keeps at least this many significant digits, whatever the `to` precision. */
export const RATE_SIGNIFICANT_DIGITS = 10;

/** big.js for rates: 40 decimal places, half-up inside divisions, JS numbers rejected. */
export const Dec = Big();
Dec.DP = INTERNAL_DP;
Dec.RM = Dec.roundHalfUp;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;
Dec.strict = true;

const ZERO = new Dec('0');
const ONE = new Dec('1');
const ONE_PERCENT = new Dec('0.01');

type Rounding = typeof Dec.roundDown | typeof Dec.roundUp;

/** Canonical decimal string of a value: no exponent, no trailing zeros. */
function plain(value: Big): string {
  return value.toFixed();
}

/** Number of digits after the point in a decimal string. */
function decimalPlaces(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

/**
 * a / b rounded once, in the given direction, to `places` decimals. big.js rounds a quotient
 * knowing whether any remainder is left, so this is the exact floor or ceiling, and it only
 * computes the digits it keeps. The private constructor is synchronous, so the settings are
 * restored before anyone else can divide.
 */
function divide(a: Big, b: Big, places: number, rounding: Rounding): Big {
  Dec.DP = places;
  Dec.RM = rounding;
  try {
    return a.div(b);
  } finally {
    Dec.DP = INTERNAL_DP;
    Dec.RM = Dec.roundHalfUp;
  }
}

const DIGIT_ZERO = 48;

/** Where the integer digits of a decimal string start (past leading zeros) and end. */
function integerSpan(value: string): [start: number, end: number] {
  const point = value.indexOf('.');
  const end = point === -1 ? value.length : point;
  let start = 0;
  while (start < end - 1 && value.charCodeAt(start) === DIGIT_ZERO) start += 1;
  return [start, end];
}

/**
 * Compares two non-negative decimal strings digit by digit, without parsing them: -1, 0 or 1.
 * Cheap enough for per-row checks on 20,000 directions.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a.startsWith('-') || b.startsWith('-')) return new Dec(a).cmp(new Dec(b));
  const [aStart, aEnd] = integerSpan(a);
  const [bStart, bEnd] = integerSpan(b);
  const length = aEnd - aStart;
  if (length !== bEnd - bStart) return length < bEnd - bStart ? -1 : 1;
  for (let offset = 0; offset < length; offset += 1) {
    const difference = a.charCodeAt(aStart + offset) - b.charCodeAt(bStart + offset);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  // Fractions, a missing digit counting as 0.
  const places = Math.max(a.length - aEnd, b.length - bEnd);
  for (let offset = 1; offset < places; offset += 1) {
    const aDigit = aEnd + offset < a.length ? a.charCodeAt(aEnd + offset) : DIGIT_ZERO;
    const bDigit = bEnd + offset < b.length ? b.charCodeAt(bEnd + offset) : DIGIT_ZERO;
    if (aDigit !== bDigit) return aDigit < bDigit ? -1 : 1;
  }
  return 0;
}

/**
 * Rounds a rate DOWN (the exchanger never promises more than it pays) to the `to` precision,
 * or further when that precision would leave fewer than RATE_SIGNIFICANT_DIGITS digits:
 * SBERRUB→BTC at 1/7120000 is 0.00000014 at 8 places, a 0.3 % error; kept at 10 significant
 * digits it is 0.0000001404494382.
 */
function roundRate(rate: Big, toPrecision: number): Big {
  const significantPlaces = RATE_SIGNIFICANT_DIGITS - 1 - rate.e;
  return rate.round(Math.max(toPrecision, significantPlaces), Dec.roundDown);
}

export interface RateInput {
  /** USDT the market pays for 1 unit of `from` (price table bid). */
  fromBid: string;
  /** USDT the market asks for 1 unit of `to` (price table ask). */
  toAsk: string;
  /** Percent kept by the exchanger. */
  markup: string;
  toPrecision: number;
}

/** rate = bid(from) / ask(to) × (1 − markup/100), rounded down (see `roundRate`); `0` when nothing is left. */
export function computeRate({ fromBid, toAsk, markup, toPrecision }: RateInput): string {
  const numerator = new Dec(fromBid).times(ONE.minus(new Dec(markup).times(ONE_PERCENT)));
  if (numerator.lte(ZERO)) return '0';
  const denominator = new Dec(toAsk);
  // The quotient's first digit is at 10^(num.e − den.e) or one place lower: floor it at enough
  // places for either, then to the exact places `roundRate` keeps (a floor of a floor is exact).
  const places = Math.max(toPrecision, RATE_SIGNIFICANT_DIGITS - numerator.e + denominator.e);
  return plain(roundRate(divide(numerator, denominator, places, Dec.roundDown), toPrecision));
}

/** What the client receives for `send`: send × rate, rounded down to the `to` precision. */
export function receiveForSend(send: string, rate: string, toPrecision: number): string {
  return plain(new Dec(send).times(new Dec(rate)).round(toPrecision, Dec.roundDown));
}

/** What the client must send to receive `receive`: receive / rate, rounded up to the `from` precision. */
export function sendForReceive(receive: string, rate: string, fromPrecision: number): string {
  return plain(divide(new Dec(receive), new Dec(rate), fromPrecision, Dec.roundUp));
}

/**
 * Monitoring in/out: give `in` of `from`, get `out` of `to`. A rate of at least 1 is shown as
 * 1 → rate; a smaller one as 1/rate → 1, with `in` rounded UP (so that `in` really buys a whole
 * unit of `to`) to the `from` precision, or to ten significant digits when that precision is
 * coarser: cash dollars at a rate of 0.9797060881 give `in` 1.020714286, not 2.
 */
export function monitoringInOut(rate: string, fromPrecision: number): { in: string; out: string } {
  const value = new Dec(rate);
  if (value.gte(ONE)) return { in: '1', out: plain(value) };
  // 1/rate > 1 has its first digit at 10^(−rate.e − 1) or one place higher.
  const places = Math.max(fromPrecision, RATE_SIGNIFICANT_DIGITS + value.e);
  return { in: plain(divide(ONE, value, places, Dec.roundUp)), out: '1' };
}

/** Largest `from` amount whose payout fits the reserve of `to`. */
export function maxSendForReserve(reserve: string, rate: string, fromPrecision: number): string {
  return plain(divide(new Dec(reserve), new Dec(rate), fromPrecision, Dec.roundDown));
}

export interface AmountLimits {
  /** Smallest and largest amounts of `from`. */
  min: string;
  max: string;
  /** Reserve of `to`. */
  reserve: string;
  fromPrecision: number;
  toPrecision: number;
}

/**
 * First reason the pair of amounts cannot be exchanged, or null when it can. Checked in order:
 * invalid_amount (not a positive decimal), precision (more decimals than the asset keeps),
 * below_min, above_max (both on `send`), above_reserve (`receive` over the reserve of `to`).
 */
export function checkAmounts(
  send: string,
  receive: string,
  limits: AmountLimits,
): AmountViolation | null {
  if (!isDecimalString(send) || !isDecimalString(receive)) return 'invalid_amount';
  const sendValue = new Dec(send);
  const receiveValue = new Dec(receive);
  if (sendValue.lte(ZERO) || receiveValue.lte(ZERO)) return 'invalid_amount';
  if (decimalPlaces(send) > limits.fromPrecision || decimalPlaces(receive) > limits.toPrecision) {
    return 'precision';
  }
  if (sendValue.lt(new Dec(limits.min))) return 'below_min';
  if (sendValue.gt(new Dec(limits.max))) return 'above_max';
  if (receiveValue.gt(new Dec(limits.reserve))) return 'above_reserve';
  return null;
}
