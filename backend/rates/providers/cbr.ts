/**
 * Central Bank of Russia official rates (`GET /scripts/XML_daily.asp`) as fiat references:
 * one quote per currency in roubles, bid = ask = the rate of one unit.
 */
import { parseCbrDaily, CBR_PROVIDER_NAME } from './cbrDaily';
import { fetchFromProvider } from './http';
import type { HttpProviderOptions, Quote, RateProvider } from './types';

/** Moscow has kept UTC+3 all year since 2014; the bank's rates take effect at its midnight. */
const MOSCOW_OFFSET = '+03:00';

export interface CbrProviderOptions extends HttpProviderOptions {
  /** Letter codes to keep, e.g. `USD`, `KGS`; defaults to every currency the bank lists. */
  symbols?: readonly string[];
}

export function createCbrProvider(options: CbrProviderOptions): RateProvider {
  const url = new URL('/scripts/XML_daily.asp', options.baseUrl);
  const wanted = options.symbols ? new Set(options.symbols) : undefined;

  return {
    name: CBR_PROVIDER_NAME,
    async fetchQuotes(signal) {
      const { bytes, contentType } = await fetchFromProvider({
        provider: CBR_PROVIDER_NAME,
        url,
        timeoutMs: options.timeoutMs,
        signal,
      });
      const daily = parseCbrDaily(bytes, contentType);
      const at = new Date(`${daily.date}T00:00:00${MOSCOW_OFFSET}`).toISOString();
      return daily.rates
        .filter((rate) => !wanted || wanted.has(rate.charCode))
        .map((rate): Quote => ({
          source: CBR_PROVIDER_NAME,
          base: rate.charCode,
          quote: 'RUB',
          bid: rate.unitRate,
          ask: rate.unitRate,
          at,
        }));
    },
  };
}
