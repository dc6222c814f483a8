/**
 * Binance spot top of book: `GET /api/v3/ticker/bookTicker?symbols=[...]` answers an array of
 * `{symbol, bidPrice, bidQty, askPrice, askQty}` with prices as decimal strings. Errors come
 * as `{code, msg}` with a 4xx status; 429 is a rate limit and 418 an IP ban, both with
 * `Retry-After`; 451 is a restricted location.
 */
import { fetchFromProvider } from './http';
import { isRecord, parseJsonBody, readDecimal, tryParseJson } from './json';
import { bookQuote } from './quote';
import { DEFAULT_EXCHANGE_SYMBOLS, resolveExchangeSymbols } from './symbols';
import { ProviderError, type HttpProviderOptions, type Quote, type RateProvider } from './types';

const NAME = 'binance';

export interface BinanceProviderOptions extends HttpProviderOptions {
  /** Binance symbols to poll, e.g. `BTCUSDT`; defaults to `DEFAULT_EXCHANGE_SYMBOLS`. */
  symbols?: readonly string[];
}

export function createBinanceProvider(options: BinanceProviderOptions): RateProvider {
  const pairs = resolveExchangeSymbols(NAME, options.symbols ?? DEFAULT_EXCHANGE_SYMBOLS);
  const url = new URL('/api/v3/ticker/bookTicker', options.baseUrl);
  url.searchParams.set('symbols', JSON.stringify([...pairs.keys()]));

  return {
    name: NAME,
    async fetchQuotes(signal) {
      const { bytes } = await fetchFromProvider({
        provider: NAME,
        url,
        timeoutMs: options.timeoutMs,
        signal,
        describeErrorBody: (text) => binanceErrorMessage(tryParseJson(text)),
      });
      const at = new Date().toISOString();
      const body = parseJsonBody(NAME, bytes);
      if (!Array.isArray(body)) {
        throw new ProviderError(NAME, 'payload', binanceErrorMessage(body) ?? 'expected an array of book tickers');
      }
      const quotes: Quote[] = [];
      for (const entry of body) {
        if (!isRecord(entry) || typeof entry.symbol !== 'string') {
          throw new ProviderError(NAME, 'payload', 'a book ticker has no symbol');
        }
        const pair = pairs.get(entry.symbol);
        if (!pair) continue;
        const bid = readDecimal(entry.bidPrice);
        const ask = readDecimal(entry.askPrice);
        if (bid === undefined || ask === undefined) {
          throw new ProviderError(NAME, 'payload', `book ticker of ${entry.symbol} has no decimal bidPrice/askPrice`);
        }
        const quote = bookQuote({ source: NAME, ...pair, bid, ask, at });
        if (quote) quotes.push(quote);
      }
      return quotes;
    },
  };
}

/** `{"code":-1121,"msg":"Invalid symbol."}` → `code -1121: Invalid symbol.` */
function binanceErrorMessage(parsed: unknown): string | undefined {
  if (!isRecord(parsed) || typeof parsed.msg !== 'string') return undefined;
  return `code ${String(parsed.code)}: ${parsed.msg}`;
}
