/**
 * Lossless JSON for price payloads. CoinGecko (and others) send prices as JSON numbers;
 * `JSON.parse` would round them to doubles, so numbers are kept as their source text.
 */
import { isLosslessNumber, parse } from 'lossless-json';
import { Big, normalizeMoney } from '../../../common/money';
import { ProviderError } from './types';

/** Parses a JSON body; numbers come back as `LosslessNumber`s. */
export function parseJsonBody(provider: string, bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes);
  try {
    return parse(text);
  } catch (error) {
    throw new ProviderError(provider, 'payload', `body is not JSON (${(error as Error).message})`, { cause: error });
  }
}

/** Same as `parseJsonBody`, for error bodies: `undefined` when the text is not JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
const JSON_NUMBER = /^(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A non-negative price field as a canonical decimal string ('104250.01000000' → '104250.01',
 * 1.5e-7 → '0.00000015'), or `undefined` when it is neither a decimal string nor a JSON
 * number. Every digit is kept.
 */
export function readDecimal(value: unknown): string | undefined {
  if (typeof value === 'string') return PLAIN_DECIMAL.test(value) ? normalizeMoney(value) : undefined;
  if (isLosslessNumber(value) && JSON_NUMBER.test(value.value)) return normalizeMoney(new Big(value.value));
  return undefined;
}

/** An integer JSON number (timestamps, error codes) as a JS number, or `undefined`. */
export function readInteger(value: unknown): number | undefined {
  if (!isLosslessNumber(value) || !/^-?\d+$/.test(value.value)) return undefined;
  const parsed = Number(value.value);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}
