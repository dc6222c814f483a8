import { Big } from '../../../common/money';
import type { Quote } from './types';

/**
 * A quote from a top of book, or `null` when the book is empty on either side (exchanges
 * report '0' or '' there) or crossed (bid above ask), which no rate should be built on.
 */
export function bookQuote(fields: Quote): Quote | null {
  if (fields.bid === '0' || fields.ask === '0') return null;
  if (new Big(fields.bid).gt(fields.ask)) return null;
  return fields;
}
