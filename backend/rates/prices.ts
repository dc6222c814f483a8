/**
 * The price table: every currency priced in USDT, from whatever quotes the providers gave —
 * direct (BTC/USDT), inverse (USDT/RUB) or across a pivot (KGS/RUB × RUB in USDT).
 *
 * A price has two sides: `bid` is the USDT the market pays for 1 unit (use it when the client
 * sells that currency, the `from` of a direction), `ask` the USDT it asks (use it when the
 * client buys it, the `to`). Each price carries the time of the oldest quote behind it and is
 * stale when that is older than the allowed age.
 */
import type Big from 'big.js';
import { isDecimalString } from '../../common/money';
import { Dec } from './math';
import type { Quote } from './providers/types';

export interface Price {
  currency: string;
  /** USDT paid for 1 unit. */
  bid: string;
  /** USDT asked for 1 unit. */
  ask: string;
  /** Time of the oldest quote behind the price (ISO 8601). */
  at: string;
  stale: boolean;
  /** Currencies the price was carried through, from this one to USDT (`['KGS', 'RUB', 'USDT']`). */
  path: string[];
  /** Source of each quote used, in path order. */
  sources: string[];
}

export type PriceTable = ReadonlyMap<string, Price>;

/**
 * Each currency's bid and ask in USDT, as the rates were computed from them: the worker passes
 * them on to the web processes for the server's own use (an order's market rate, math.ts
 * `marketRate`); never sent to clients nor exported.
 */
export type MarketPrices = Record<string, { bid: string; ask: string }>;

/** The bid and ask of each of `currencies` the table prices. */
export function marketPrices(prices: PriceTable, currencies: Iterable<string>): MarketPrices {
  const market: MarketPrices = {};
  for (const currency of currencies) {
    const price = prices.get(currency);
    if (price) market[currency] = { bid: price.bid, ask: price.ask };
  }
  return market;
}

/** The currency every price is expressed in. */
export const PRICE_ANCHOR = 'USDT';

export interface PriceTableOptions {
  now: Date;
  /** A quote older than this makes every price resting on it stale. */
  maxAgeMs: number;
}

interface Edge {
  base: string;
  quote: string;
  bid: Big;
  ask: Big;
  atMs: number;
  source: string;
}

interface Node {
  bid: Big;
  ask: Big;
  atMs: number;
  path: string[];
  sources: string[];
}

/** Quotes that cannot be priced from are skipped: unknown sides, non-positive or crossed prices, bad times. */
function toEdge(quote: Quote): Edge | null {
  const { base, bid, ask } = quote;
  if (!base || !quote.quote || base === quote.quote) return null;
  if (!isDecimalString(bid) || !isDecimalString(ask)) return null;
  const bidValue = new Dec(bid);
  const askValue = new Dec(ask);
  if (bidValue.lte('0') || askValue.lt(bidValue)) return null;
  const atMs = Date.parse(quote.at);
  if (Number.isNaN(atMs)) return null;
  return { base, quote: quote.quote, bid: bidValue, ask: askValue, atMs, source: quote.source };
}

/** Price of the currency on the other side of `edge`, given the price of `known`. */
function across(edge: Edge, known: Node, knownIsQuote: boolean): Node {
  const atMs = Math.min(known.atMs, edge.atMs);
  const sources = [edge.source, ...known.sources];
  if (knownIsQuote) {
    // base = edge price in quote units × the quote's USDT price, side for side.
    return {
      bid: edge.bid.times(known.bid).round(Dec.DP),
      ask: edge.ask.times(known.ask).round(Dec.DP),
      atMs,
      path: [edge.base, ...known.path],
      sources,
    };
  }
  // Selling 1 quote-unit buys base at its ask; buying one costs base sold at its bid.
  return {
    bid: known.bid.div(edge.ask),
    ask: known.ask.div(edge.bid),
    atMs,
    path: [edge.quote, ...known.path],
    sources,
  };
}

/**
 * Breadth-first from the already priced currencies: a currency is priced at the first level it
 * can be reached, by the earliest usable quote in input order.
 */
function extend(table: Map<string, Node>, edges: readonly Edge[]): void {
  for (;;) {
    const found = new Map<string, Node>();
    for (const edge of edges) {
      const baseNode = table.get(edge.base);
      const quoteNode = table.get(edge.quote);
      if (quoteNode && !baseNode && !found.has(edge.base)) {
        found.set(edge.base, across(edge, quoteNode, true));
      } else if (baseNode && !quoteNode && !found.has(edge.quote)) {
        found.set(edge.quote, across(edge, baseNode, false));
      }
    }
    if (found.size === 0) return;
    for (const [currency, node] of found) table.set(currency, node);
  }
}

/**
 * Prices every currency reachable from USDT. Fresh quotes are preferred over stale ones, then
 * the fewest hops, then the earlier quote in the list (so order quotes by source preference).
 */
export function buildPriceTable(quotes: readonly Quote[], options: PriceTableOptions): PriceTable {
  const nowMs = options.now.getTime();
  const edges = quotes.map(toEdge).filter((edge): edge is Edge => edge !== null);
  const isFresh = (atMs: number): boolean => nowMs - atMs <= options.maxAgeMs;
  const table = new Map<string, Node>([
    [
      PRICE_ANCHOR,
      { bid: new Dec('1'), ask: new Dec('1'), atMs: nowMs, path: [PRICE_ANCHOR], sources: [] },
    ],
  ]);
  const freshEdges = edges.filter((edge) => isFresh(edge.atMs));
  extend(table, freshEdges);
  extend(table, edges);

  const prices = new Map<string, Price>();
  for (const [currency, node] of table) {
    prices.set(currency, {
      currency,
      bid: node.bid.toFixed(),
      ask: node.ask.toFixed(),
      at: new Date(node.atMs).toISOString(),
      stale: !isFresh(node.atMs),
      path: node.path,
      sources: node.sources,
    });
  }
  return prices;
}
