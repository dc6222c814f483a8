/**
 * The rate feed: the providers the worker polls, each on its own schedule, with exponential
 * back-off after failures (and at least the `Retry-After` a source asks for). It keeps every
 * provider's last good quotes; a provider whose latest poll failed is reported unhealthy, which
 * makes its quotes stale in the engine.
 *
 * `RATES_SOURCE=simulated` polls the seeded random walk; `live` polls Binance and Bybit (the
 * exchanges behind fixed rates, Binance preferred), CoinGecko (floating rates, and the tether
 * price in dollars and roubles) and the Central Bank of Russia (fiat references such as KGS).
 */
import type { Config } from '../platform/config/types';
import type { Logger } from '../platform/logger';
import type { SourceReading } from './engine';
import { createBinanceProvider } from './providers/binance';
import { createBybitProvider } from './providers/bybit';
import { createCbrProvider } from './providers/cbr';
import { createCoinGeckoProvider } from './providers/coingecko';
import { createSimulatedProvider } from './providers/simulated';
import { defaultGeneratedMarkets } from './providers/generatedMarket';
import { SIMULATED_MARKETS } from './providers/simulatedMarket';
import { DEFAULT_EXCHANGE_SYMBOLS } from './providers/symbols';
import { ProviderError, type Quote, type RateProvider } from './providers/types';

export interface FeedSource {
  provider: RateProvider;
  /** Pause between polls while the source answers; 0 polls it on every feed poll. */
  everyMs: number;
  /** How old one of its quotes may be and still count as fresh. */
  maxAgeMs: number;
  /** Longest pause after repeated failures; defaults to DEFAULT_MAX_BACKOFF_MS. */
  maxBackoffMs?: number;
}

export interface SourceStatus extends SourceReading {
  /** Failed polls in a row. */
  failures: number;
  /** Earliest time of the next poll (epoch ms). */
  nextPollAtMs: number;
  lastError: string | null;
}

export interface RateFeed {
  /**
   * Polls, concurrently, every source that is due at `now`, then returns every source's
   * reading in preference order. A poll cancelled through `signal` counts as no poll at all.
   */
  poll(now: Date, signal?: AbortSignal): Promise<SourceReading[]>;
  status(): SourceStatus[];
}

export const DEFAULT_MAX_BACKOFF_MS = 10 * 60_000;
/** Back-off after `failures` failures in a row: the poll interval doubled that many times. */
export function backoffMs(source: Pick<FeedSource, 'everyMs' | 'maxBackoffMs'>, failures: number, retryAfterSeconds?: number): number {
  const base = Math.max(source.everyMs, 1000);
  const doubled = Math.min(source.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, base * 2 ** Math.min(failures, 20));
  return Math.max(doubled, (retryAfterSeconds ?? 0) * 1000);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createRateFeed(sources: readonly FeedSource[], logger: Logger): RateFeed {
  const states: SourceStatus[] = sources.map((source) => ({
    name: source.provider.name,
    quotes: [] as Quote[],
    healthy: false,
    maxAgeMs: source.maxAgeMs,
    failures: 0,
    nextPollAtMs: Number.NEGATIVE_INFINITY,
    lastError: null,
  }));

  async function pollOne(index: number, nowMs: number, signal?: AbortSignal): Promise<void> {
    const source = sources[index];
    const state = states[index];
    try {
      const quotes = await source.provider.fetchQuotes(signal);
      if (signal?.aborted) return;
      if (state.failures > 0) logger.info({ provider: state.name, failures: state.failures }, 'rate provider recovered');
      Object.assign(state, { quotes, healthy: true, failures: 0, lastError: null, nextPollAtMs: nowMs + source.everyMs });
    } catch (error) {
      if (signal?.aborted) return;
      const failures = state.failures + 1;
      const retryAfter = error instanceof ProviderError ? error.retryAfterSeconds : undefined;
      const waitMs = backoffMs(source, failures, retryAfter);
      Object.assign(state, { healthy: false, failures, lastError: describe(error), nextPollAtMs: nowMs + waitMs });
      logger.warn({ provider: state.name, failures, retryInMs: waitMs, err: error }, 'rate provider failed; its quotes are stale');
    }
  }

  return {
    async poll(now, signal) {
      const nowMs = now.getTime();
      const due = states.flatMap((state, index) => (state.nextPollAtMs <= nowMs ? [index] : []));
      await Promise.all(due.map((index) => pollOne(index, nowMs, signal)));
      return states.map(({ name, quotes, healthy, maxAgeMs }) => ({ name, quotes, healthy, maxAgeMs }));
    },
    status: () => states.map((state) => ({ ...state })),
  };
}

/** Public endpoints of the live sources. */
export const LIVE_BASE_URLS = {
  binance: 'https://api.binance.com',
  bybit: 'https://api.bybit.com',
  coingecko: 'https://api.coingecko.com',
  cbr: 'https://www.cbr.ru',
} as const;

/**
 * Binance answers the whole request with an error when one symbol is unknown, so it gets only
 * markets it certainly lists; Bybit answers every market at once and we keep the ones we want.
 */
export const LIVE_BINANCE_SYMBOLS: readonly string[] = [
  ...DEFAULT_EXCHANGE_SYMBOLS,
  ...['BCHUSDT', 'ADAUSDT', 'ETCUSDT', 'XLMUSDT', 'ATOMUSDT', 'DOTUSDT'],
];
export const LIVE_BYBIT_SYMBOLS: readonly string[] = [
  ...LIVE_BINANCE_SYMBOLS,
  ...['DAIUSDT', 'XMRUSDT', 'DASHUSDT'],
];
/** Currencies the Central Bank's daily rates are kept for. */
export const LIVE_CBR_SYMBOLS: readonly string[] = ['USD', 'EUR', 'KGS', 'KZT', 'UAH'];

/** Simulated quotes are as fresh as the last tick; thirty seconds without one is stale. */
export const SIMULATED_MAX_AGE_MS = 30_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The embedded default: one simulated walk, polled on every worker tick — the demo catalogue's
 * markets and those of the generated one, so either seeded catalogue gets live rates.
 */
export function simulatedSources(seed: number): FeedSource[] {
  const markets = [...SIMULATED_MARKETS, ...defaultGeneratedMarkets()];
  return [{ provider: createSimulatedProvider({ seed, markets }), everyMs: 0, maxAgeMs: SIMULATED_MAX_AGE_MS }];
}

/**
 * The real sources, in preference order. Exchange books move by the second and are polled
 * every 10 s; CoinGecko's keyless tier allows a few calls a minute; the Central Bank publishes
 * once a day, and its rate holds over weekends and the New Year holidays.
 */
export function liveSources(baseUrls: Partial<Record<keyof typeof LIVE_BASE_URLS, string>> = {}): FeedSource[] {
  const urls = { ...LIVE_BASE_URLS, ...baseUrls };
  return [
    {
      provider: createBinanceProvider({ baseUrl: urls.binance, timeoutMs: 5000, symbols: LIVE_BINANCE_SYMBOLS }),
      everyMs: 10_000,
      maxAgeMs: 2 * MINUTE,
    },
    {
      provider: createBybitProvider({ baseUrl: urls.bybit, timeoutMs: 5000, symbols: LIVE_BYBIT_SYMBOLS }),
      everyMs: 10_000,
      maxAgeMs: 2 * MINUTE,
    },
    {
      provider: createCoinGeckoProvider({ baseUrl: urls.coingecko, timeoutMs: 10_000 }),
      everyMs: MINUTE,
      maxAgeMs: 10 * MINUTE,
    },
    {
      provider: createCbrProvider({ baseUrl: urls.cbr, timeoutMs: 10_000, symbols: LIVE_CBR_SYMBOLS }),
      everyMs: 60 * MINUTE,
      maxAgeMs: 14 * DAY,
      maxBackoffMs: 60 * MINUTE,
    },
  ];
}

/** The sources RATES_SOURCE selects. */
export function sourcesFor(config: Pick<Config, 'ratesSource'>, seed: number = Date.now()): FeedSource[] {
  return config.ratesSource === 'live' ? liveSources() : simulatedSources(seed);
}
