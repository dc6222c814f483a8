/**
 * Bybit spot tickers: `GET /v5/market/tickers?category=spot` answers
 * `{retCode, retMsg, result: {category, list: [{symbol, bid1Price, ask1Price, lastPrice, …}]},
 * retExtInfo, time}` for every spot market at once, prices as decimal strings. A non-zero
 * `retCode` is an error even with HTTP 200 (10001 bad parameters, 10006 too many visits);
 * an IP over its limit or from a blocked region gets HTTP 403.
 */
import { fetchFromProvider } from './http';
import { isRecord, parseJsonBody, readDecimal, readInteger, tryParseJson } from './json';
import { bookQuote } from './quote';
import { DEFAULT_EXCHANGE_SYMBOLS, resolveExchangeSymbols } from './symbols';
import { ProviderError, type HttpProviderOptions, type Quote, type RateProvider } from './types';

const NAME = 'bybit';

export interface BybitProviderOptions extends HttpProviderOptions {
  /** Bybit spot symbols to keep, e.g. `TONUSDT`; defaults to `DEFAULT_EXCHANGE_SYMBOLS`. */
  symbols?: readonly string[];
}

export function createBybitProvider(options: BybitProviderOptions): RateProvider {
  const pairs = resolveExchangeSymbols(NAME, options.symbols ?? DEFAULT_EXCHANGE_SYMBOLS);
  const url = new URL('/v5/market/tickers', options.baseUrl);
  url.searchParams.set('category', 'spot');

  return {
    name: NAME,
    async fetchQuotes(signal) {
      const { bytes } = await fetchFromProvider({
        provider: NAME,
        url,
        timeoutMs: options.timeoutMs,
        signal,
        describeErrorBody: (text) => bybitErrorMessage(tryParseJson(text)),
      });
      const body = parseJsonBody(NAME, bytes);
      if (!isRecord(body) || readInteger(body.retCode) === undefined) {
        throw new ProviderError(NAME, 'payload', 'expected a {retCode, result} envelope');
      }
      if (readInteger(body.retCode) !== 0) {
        throw new ProviderError(NAME, 'payload', bybitErrorMessage(body) ?? 'non-zero retCode');
      }
      const list = isRecord(body.result) ? body.result.list : undefined;
      if (!Array.isArray(list)) throw new ProviderError(NAME, 'payload', 'result.list is not an array');
      const time = readInteger(body.time);
      const at = new Date(time ?? Date.now()).toISOString();

      const quotes: Quote[] = [];
      for (const entry of list) {
        if (!isRecord(entry) || typeof entry.symbol !== 'string') {
          throw new ProviderError(NAME, 'payload', 'a ticker has no symbol');
        }
        const pair = pairs.get(entry.symbol);
        if (!pair) continue;
        const bid = readBookPrice(entry.bid1Price);
        const ask = readBookPrice(entry.ask1Price);
        if (bid === undefined || ask === undefined) {
          throw new ProviderError(NAME, 'payload', `ticker of ${entry.symbol} has no decimal bid1Price/ask1Price`);
        }
        const quote = bookQuote({ source: NAME, ...pair, bid, ask, at });
        if (quote) quotes.push(quote);
      }
      return quotes;
    },
  };
}

/** Bybit leaves a side of an empty book as ''. */
function readBookPrice(value: unknown): string | undefined {
  return value === '' ? '0' : readDecimal(value);
}

/** `{"retCode":10001,"retMsg":"…"}` → `retCode 10001: …` */
function bybitErrorMessage(parsed: unknown): string | undefined {
  if (!isRecord(parsed) || typeof parsed.retMsg !== 'string') return undefined;
  return `retCode ${String(parsed.retCode)}: ${parsed.retMsg}`;
}
