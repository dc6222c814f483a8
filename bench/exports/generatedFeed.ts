/** The rate feed of the generated load catalogue: a seeded random walk around its reference prices. */
import { SIMULATED_MAX_AGE_MS, type FeedSource } from '../../backend/rates/feed';
import { createSimulatedProvider } from '../../backend/rates/providers/simulated';
import { generatedMarkets } from '../../backend/rates/providers/generatedMarket';
import type { GeneratedCatalogue } from '../../db/seeders/generate';

/** Each generated currency against the price anchor; every poll moves every price. */
export function generatedSource(catalogue: GeneratedCatalogue): FeedSource {
  return { provider: createSimulatedProvider({ seed: 1, markets: generatedMarkets(catalogue.referencePrices) }), everyMs: 0, maxAgeMs: SIMULATED_MAX_AGE_MS };
}
