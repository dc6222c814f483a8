/**
 * The two amounts of an exchange and what is wrong with them, from the side the visitor typed:
 * send → receive rounds down to the `to` precision, receive → send rounds up to the `from`
 * precision (common/rateMath.ts, the server's own rules), then the limits are checked.
 */
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../../common/catalogue';
import { formatMoney, isDecimalString } from '../../../common/money';
import { checkAmounts, compareDecimals, receiveForSend, sendForReceive } from '../../../common/rateMath';
import { normalizeTypedAmount } from './format';

export type AmountSide = 'send' | 'receive';

/** A translation key with its values: `validation.*` where the rule exists, else `exchange.errors.*`. */
export interface AmountProblem {
  /** The field the message belongs under. */
  side: AmountSide;
  key: string;
  values?: Record<string, string>;
}

export interface QuoteInput {
  /** What the visitor typed, on `side`. */
  typed: string;
  side: AmountSide;
  from: AssetDto;
  to: AssetDto;
  direction: DirectionDto;
  rate: DirectionRateDto;
  /** Current reserve of `to` (the live one when known). */
  reserve: string;
}

export interface Quote {
  /** Amounts as decimal strings; the typed side as typed (normalized), '' when it is empty. */
  send: string;
  receive: string;
  problem: AmountProblem | null;
}

/** A positive decimal string with at most `places` decimals. */
function isPositiveWithin(amount: string, places: number): boolean {
  if (!isDecimalString(amount) || amount.startsWith('-') || !/[1-9]/.test(amount)) return false;
  const point = amount.indexOf('.');
  return point === -1 || amount.length - point - 1 <= places;
}

/** The largest `from` amount the reserve allows is below the direction's own maximum. */
function reserveLimitsMax(direction: DirectionDto, rate: DirectionRateDto): boolean {
  return compareDecimals(rate.max, direction.maxAmount) < 0;
}

export function computeQuote({ typed, side, from, to, direction, rate, reserve }: QuoteInput): Quote {
  const amount = normalizeTypedAmount(typed);
  if (amount === '') return { send: '', receive: '', problem: null };
  const invalid = (): Quote => ({
    send: side === 'send' ? amount : '',
    receive: side === 'receive' ? amount : '',
    problem: { side, key: 'validation.invalid_amount' },
  });
  const places = side === 'send' ? from.precision : to.precision;
  if (!isPositiveWithin(amount, places)) return invalid();
  const send = side === 'send' ? amount : sendForReceive(amount, rate.rate, from.precision);
  const receive = side === 'receive' ? amount : receiveForSend(amount, rate.rate, to.precision);
  const insufficientReserve = (): AmountProblem => ({
    side: 'receive',
    key: 'exchange.errors.insufficientReserve',
    values: { reserve: formatMoney(reserve, to.currency) },
  });
  const violation = checkAmounts(send, receive, {
    min: rate.min,
    max: rate.max,
    reserve,
    fromPrecision: from.precision,
    toPrecision: to.precision,
  });
  let problem: AmountProblem | null = null;
  // The typed amount is fine, so a zero on the other side is an amount too small to pay out.
  switch (violation === 'invalid_amount' ? 'below_min' : violation) {
    case null:
      break;
    case 'precision':
      problem = { side, key: 'validation.invalid_amount' };
      break;
    case 'below_min':
      problem =
        compareDecimals(rate.min, rate.max) > 0
          ? insufficientReserve()
          : { side: 'send', key: 'validation.amount_min', values: { min: formatMoney(rate.min, from.currency) } };
      break;
    case 'above_max':
      problem = reserveLimitsMax(direction, rate)
        ? insufficientReserve()
        : { side: 'send', key: 'validation.amount_max', values: { max: formatMoney(rate.max, from.currency) } };
      break;
    case 'above_reserve':
      problem = insufficientReserve();
      break;
  }
  return { send, receive, problem };
}
