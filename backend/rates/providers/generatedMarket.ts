/**
 * The simulated market of the generated load catalogue (`npm run cli -- db:seed --generated`):
 * each of its currencies against the price anchor, wandering around the generator's reference
 * price, so the embedded default shows a live 1,000-currency site too (issue 17).
 */
import { generateCatalogue } from '../../../db/seeders/generate';
import { PRICE_ANCHOR } from '../prices';
import type { SimulatedMarket } from './simulatedMarket';

/** Markets for reference prices (USDT per unit of each currency). */
export function generatedMarkets(referencePrices: ReadonlyMap<string, string>): SimulatedMarket[] {
  return [...referencePrices].map(([currency, reference]) => ({
    base: currency,
    quote: PRICE_ANCHOR,
    reference,
    decimals: 12,
    spreadMicros: 1000,
    stepMicros: 500,
  }));
}

let defaults: readonly SimulatedMarket[] | undefined;

/** The markets of the default generated catalogue (the one db:seed --generated writes), built once. */
export function defaultGeneratedMarkets(): readonly SimulatedMarket[] {
  defaults ??= generatedMarkets(generateCatalogue().referencePrices);
  return defaults;
}
