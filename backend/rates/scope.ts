/** The part of the current rates one page shows (common/ratesScope.ts), as `GET /api/rates` and `rates:watch` answer it. */
import type { RatesDto } from '../../common/events';
import type { RatesScope } from '../../common/ratesScope';
import { directionKey } from './engine';
import type { RatesState } from './store';

/** Every direction's rate and every reserve (no scope), or those of the scope. */
export function presentRates(state: RatesState | null, scope: RatesScope | null = null): RatesDto {
  if (state === null) return { version: 0, rates: [], reserves: [], updatedAt: null };
  if (scope === null) return { version: state.version, rates: [...state.list], reserves: [...state.reserves], updatedAt: state.generatedAt };
  const rates = new Map<string, RatesDto['rates'][number]>();
  for (const pair of scope.pairs ?? []) {
    const rate = state.rates.get(directionKey(pair));
    if (rate) rates.set(directionKey(rate), rate);
  }
  const { asset } = scope;
  if (asset !== undefined) {
    for (const rate of state.list) if (rate.from === asset || rate.to === asset) rates.set(directionKey(rate), rate);
  }
  return {
    version: state.version,
    rates: [...rates.values()],
    reserves: scope.reserves ? [...state.reserves] : [],
    updatedAt: state.generatedAt,
  };
}
