/** The rate feed of the generated load catalogue: a seeded random walk around its reference prices. */
import { SIMULATED_MAX_AGE_MS, type FeedSource } from '../../backend/rates/feed';
import { createSimulatedProvider } from '../../backend/rates/providers/simulated';
import type { SimulatedMarket } from '../../backend/rates/providers/simulatedMarket';
import { PRICE_ANCHOR } from '../../backend/rates/prices';
import type { GeneratedCatalogue } from '../../db/seeders/generate';

/** Each generated currency against the price anchor; every poll moves every price. */
export function generatedSource(catalogue: GeneratedCatalogue): FeedSource {
  const markets: SimulatedMarket[] = [...catalogue.referencePrices].map(([currency, reference]) => ({
    base: currency,
    quote: PRICE_ANCHOR,
    reference,
    decimals: 12,
    spreadMicros: 1000,
    stepMicros: 500,
  }));
  return { provider: createSimulatedProvider({ seed: 1, markets }), everyMs: 0, maxAgeMs: SIMULATED_MAX_AGE_MS };
}
