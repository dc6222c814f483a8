/**
 * A quote for one direction: the other side of an amount typed on either side, and the first
 * reason the pair cannot be exchanged, with its message in the reader's language.
 */
import type { AmountViolation, DirectionRateDto } from '../../common/catalogue';
import type { AmountQuoteDto } from '../../common/events';
import { checkAmounts, compareDecimals, receiveForSend, sendForReceive } from '../../common/rateMath';
import type { Translate } from '../platform/i18n';
import type { RateAsset } from './engine';

export type QuoteInput = { amountSend: string } | { amountReceive: string };

function decimalPlaces(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

function violationMessage(
  violation: AmountViolation,
  amounts: { send: string; receive: string },
  rate: DirectionRateDto,
  from: RateAsset,
  to: RateAsset,
  t: Translate,
): string {
  switch (violation) {
    case 'invalid_amount':
      return t('validation.invalid_amount');
    case 'precision': {
      const places = decimalPlaces(amounts.send) > from.precision ? from.precision : to.precision;
      return t('rates.precision', { places });
    }
    case 'below_min':
      return t('validation.amount_min', { min: `${rate.min} ${from.currency}` });
    case 'above_max':
      return t('validation.amount_max', { max: `${rate.max} ${from.currency}` });
    case 'above_reserve':
      return t('rates.above_reserve', { reserve: `${rate.reserve} ${to.currency}` });
  }
}

/**
 * `amountSend` gives what is received (rounded down to the `to` precision); `amountReceive`
 * what must be sent for it (rounded up to the `from` precision). Limits are those of math.ts,
 * except that a maximum set by the reserve of `to` reads as `above_reserve`.
 */
export function quoteAmounts(
  rate: DirectionRateDto,
  from: RateAsset,
  to: RateAsset,
  input: QuoteInput,
  t: Translate,
): AmountQuoteDto {
  const send = 'amountSend' in input ? input.amountSend : sendForReceive(input.amountReceive, rate.rate, from.precision);
  const receive = 'amountSend' in input ? receiveForSend(input.amountSend, rate.rate, to.precision) : input.amountReceive;
  let violation = checkAmounts(send, receive, {
    min: rate.min,
    max: rate.max,
    reserve: rate.reserve,
    fromPrecision: from.precision,
    toPrecision: to.precision,
  });
  // The maximum is capped by what the reserve pays: past it, the reserve is what ran out.
  if (violation === 'above_max' && compareDecimals(receiveForSend(send, rate.rate, to.precision), rate.reserve) > 0) {
    violation = 'above_reserve';
  }
  return {
    amountSend: send,
    amountReceive: receive,
    violation: violation === null ? null : { code: violation, message: violationMessage(violation, { send, receive }, rate, from, to, t) },
  };
}
