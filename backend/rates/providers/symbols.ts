/**
 * Exchange symbols (`BTCUSDT`, `TONUSDT`, `ETHBTC`) carry no separator, so the pair is found
 * by the quote asset the symbol ends with. The list holds the quote assets Binance and Bybit
 * spot markets use; the longest match wins (`FDUSD` before `USD…`, `USDC` before `USDT`).
 */
export interface CurrencyPair {
  base: string;
  quote: string;
}

export const KNOWN_QUOTE_ASSETS: readonly string[] = (
  'FDUSD USDT USDC USDE TUSD DAI EUR TRY BRL PLN ARS JPY MXN ZAR UAH RUB BTC ETH BNB SOL TRX XRP DOGE'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);

/** The markets the exchange adapters poll unless told otherwise: our coins against USDT. */
export const DEFAULT_EXCHANGE_SYMBOLS: readonly string[] = [
  ...['BTCUSDT', 'ETHUSDT', 'TRXUSDT', 'LTCUSDT', 'TONUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT'],
  ...['USDCUSDT', 'ETHBTC'],
];

/** `BTCUSDT` → `{ base: 'BTC', quote: 'USDT' }`; `undefined` when no known quote asset ends it. */
export function splitExchangeSymbol(symbol: string): CurrencyPair | undefined {
  for (const quote of KNOWN_QUOTE_ASSETS) {
    if (symbol.length > quote.length && symbol.endsWith(quote)) {
      return { base: symbol.slice(0, -quote.length), quote };
    }
  }
  return undefined;
}

/**
 * The pairs of a configured symbol list, keyed by symbol. A symbol that cannot be split is
 * a configuration mistake and fails when the provider is created, not on every poll.
 */
export function resolveExchangeSymbols(provider: string, symbols: readonly string[]): Map<string, CurrencyPair> {
  if (symbols.length === 0) throw new Error(`${provider}: the symbol list is empty`);
  const pairs = new Map<string, CurrencyPair>();
  for (const symbol of symbols) {
    const pair = /^[A-Z0-9]+$/.test(symbol) ? splitExchangeSymbol(symbol) : undefined;
    if (!pair) throw new Error(`${provider}: cannot tell the quote asset of symbol "${symbol}"`);
    pairs.set(symbol, pair);
  }
  return pairs;
}
