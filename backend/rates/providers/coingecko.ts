/**
 * CoinGecko, the floating-rate source: `GET /api/v3/simple/price?ids=…&vs_currencies=usd,rub
 * &include_last_updated_at=true` answers `{bitcoin: {usd, rub, last_updated_at}, …}` with
 * prices as JSON numbers, read losslessly. One price per pair, so bid = ask. Unknown ids are
 * simply absent from the answer; errors come as `{status: {error_code, error_message}}`
 * (429 when over the rate limit, with `Retry-After`).
 */
import { fetchFromProvider } from './http';
import { isRecord, parseJsonBody, readDecimal, readInteger, tryParseJson } from './json';
import { ProviderError, type HttpProviderOptions, type Quote, type RateProvider } from './types';

const NAME = 'coingecko';

/** Our currency codes and CoinGecko's coin ids for them. */
export const COINGECKO_COIN_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  TRX: 'tron',
  LTC: 'litecoin',
  TON: 'the-open-network',
  SOL: 'solana',
  BNB: 'binancecoin',
  XRP: 'ripple',
  DOGE: 'dogecoin',
  USDC: 'usd-coin',
};

export const COINGECKO_DEFAULT_VS_CURRENCIES: readonly string[] = ['USD', 'RUB'];

export interface CoinGeckoProviderOptions extends HttpProviderOptions {
  /** Our coin codes to price (keys of `COINGECKO_COIN_IDS`); defaults to all of them. */
  symbols?: readonly string[];
  /** Currencies to price them in; defaults to USD and RUB. */
  vsCurrencies?: readonly string[];
  /** A demo-plan key, sent as `x-cg-demo-api-key`; the keyless public tier works without. */
  apiKey?: string;
}

export function createCoinGeckoProvider(options: CoinGeckoProviderOptions): RateProvider {
  const codeById = resolveCoinIds(options.symbols ?? Object.keys(COINGECKO_COIN_IDS));
  const vsCurrencies = options.vsCurrencies ?? COINGECKO_DEFAULT_VS_CURRENCIES;
  const url = new URL('/api/v3/simple/price', options.baseUrl);
  url.searchParams.set('ids', [...codeById.keys()].join(','));
  url.searchParams.set('vs_currencies', vsCurrencies.map((code) => code.toLowerCase()).join(','));
  url.searchParams.set('include_last_updated_at', 'true');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-cg-demo-api-key'] = options.apiKey;

  return {
    name: NAME,
    async fetchQuotes(signal) {
      const { bytes } = await fetchFromProvider({
        provider: NAME,
        url,
        timeoutMs: options.timeoutMs,
        signal,
        headers,
        describeErrorBody: (text) => coinGeckoErrorMessage(tryParseJson(text)),
      });
      const fetchedAt = new Date().toISOString();
      const body = parseJsonBody(NAME, bytes);
      if (!isRecord(body)) throw new ProviderError(NAME, 'payload', 'expected an object keyed by coin id');
      const statusMessage = coinGeckoErrorMessage(body);
      if (statusMessage) throw new ProviderError(NAME, 'payload', statusMessage);

      const quotes: Quote[] = [];
      for (const [id, base] of codeById) {
        const prices = body[id];
        if (prices === undefined) continue;
        if (!isRecord(prices)) throw new ProviderError(NAME, 'payload', `prices of ${id} are not an object`);
        const updatedAt = readInteger(prices.last_updated_at);
        const at = updatedAt === undefined ? fetchedAt : new Date(updatedAt * 1000).toISOString();
        for (const quote of vsCurrencies) {
          const raw = prices[quote.toLowerCase()];
          if (raw === undefined) continue;
          const price = readDecimal(raw);
          if (price === undefined)
            throw new ProviderError(NAME, 'payload', `${id}.${quote.toLowerCase()} is not a number`);
          if (price !== '0') quotes.push({ source: NAME, base, quote, bid: price, ask: price, at });
        }
      }
      if (quotes.length === 0) throw new ProviderError(NAME, 'payload', 'none of the requested coins was priced');
      return quotes;
    },
  };
}

function resolveCoinIds(codes: readonly string[]): Map<string, string> {
  const codeById = new Map<string, string>();
  for (const code of codes) {
    const id = COINGECKO_COIN_IDS[code];
    if (!id) throw new Error(`${NAME}: no CoinGecko coin id is known for "${code}"`);
    codeById.set(id, code);
  }
  if (codeById.size === 0) throw new Error(`${NAME}: the coin list is empty`);
  return codeById;
}

/** `{"status":{"error_code":429,"error_message":"…"}}` → `error 429: …` */
function coinGeckoErrorMessage(parsed: unknown): string | undefined {
  const status = isRecord(parsed) ? parsed.status : undefined;
  if (!isRecord(status) || typeof status.error_message !== 'string') return undefined;
  return `error ${String(status.error_code)}: ${status.error_message}`;
}
