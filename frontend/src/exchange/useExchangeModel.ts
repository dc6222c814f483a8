/**
 * Everything the widget shows, derived from the catalogue, the live rates and the visitor's
 * choice: the resolved pair, its direction and rate, the quote and what may be done next.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../../common/catalogue';
import type { RateType } from '../../../common/enums';
import { useCatalogue } from './api';
import {
  buildDirectory,
  findDirection,
  offeredRate,
  resolvePair,
  type ExchangeDirectory,
  type Pair,
} from './directory';
import { loadRates, useLiveRates } from './liveRates';
import { computeQuote, type Quote } from './quote';
import { useExchangeStore } from './store';

export interface ReadyExchange {
  status: 'ready';
  directory: ExchangeDirectory;
  rates: ReadonlyMap<string, DirectionRateDto>;
  /** Live reserves by asset code. */
  reserves: Readonly<Record<string, string>>;
  from: AssetDto;
  to: AssetDto;
  direction: DirectionDto;
  /** The fresh rate; undefined while the direction is not offered (stale or missing rate). */
  rate: DirectionRateDto | undefined;
  /** Reserve of `to`, live. */
  reserve: string;
  quote: Quote | null;
  rateType: RateType;
  /** The reverse direction exists, so the swap button works. */
  canSwap: boolean;
  /** Offered, amounts typed and within the limits. */
  canContinue: boolean;
  /**
   * The pair asked for by the preset has been applied. Until then the shown pair is the stored
   * one, and writing it to the address would undo the address's new preset (a loop: issue 10).
   */
  presetApplied: boolean;
}

export type ExchangeModel =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'empty' }
  | ReadyExchange;

/** Pairs asked for from outside the widget: query parameters or a landing page. */
export type PairPreset = Partial<Pair> | null;

function presetKey(preset: PairPreset): string {
  return preset ? `${preset.from ?? ''}>${preset.to ?? ''}` : '';
}

export function useExchangeModel(preset: PairPreset): ExchangeModel {
  const catalogue = useCatalogue();
  const live = useLiveRates();
  const choice = useExchangeStore();
  const directory = useMemo(() => (catalogue.data ? buildDirectory(catalogue.data) : null), [catalogue.data]);

  // A new preset is applied once (merged over the stored choice); after that, and without
  // one, only a pair the catalogue does not know is replaced.
  const [appliedPreset, setAppliedPreset] = useState<string | null>(null);
  const key = presetKey(preset);
  useEffect(() => {
    if (!directory) return;
    const { from, to, setPair } = useExchangeStore.getState();
    const fresh = appliedPreset !== key;
    setAppliedPreset(key);
    const asked = fresh && preset ? { from: preset.from ?? from ?? undefined, to: preset.to ?? to ?? undefined } : { from: from ?? undefined, to: to ?? undefined };
    const usable = (pair: Pair) => live.status !== 'ready' || offeredRate(directory, live.rates, pair.from, pair.to) !== undefined;
    const resolved = resolvePair(directory, asked, usable);
    if (resolved && (resolved.from !== from || resolved.to !== to)) setPair(resolved.from, resolved.to);
  }, [directory, key, appliedPreset, choice.from, choice.to, live.status]);

  if (catalogue.isError || live.status === 'error') {
    const message = catalogue.error?.message ?? live.error ?? '';
    return {
      status: 'error',
      message,
      retry: () => {
        if (catalogue.isError) void catalogue.refetch();
        if (live.status === 'error') void loadRates();
      },
    };
  }
  if (!directory || live.status !== 'ready') return { status: 'loading' };
  if (directory.directions.size === 0) return { status: 'empty' };
  const direction = choice.from && choice.to ? findDirection(directory, choice.from, choice.to) : undefined;
  if (!direction) {
    // The effect above is choosing a pair; nothing to choose from means nothing is offered.
    return resolvePair(directory, {}) ? { status: 'loading' } : { status: 'empty' };
  }
  const from = directory.assetByCode.get(direction.from)!;
  const to = directory.assetByCode.get(direction.to)!;
  const rate = offeredRate(directory, live.rates, from.code, to.code);
  const reserve = live.reserves[to.code] ?? rate?.reserve ?? to.reserve;
  const quote = rate
    ? computeQuote({ typed: choice.amount, side: choice.side, from, to, direction, rate, reserve })
    : null;
  const rateTypes = rate?.rateTypes ?? direction.rateTypes;
  const rateType = choice.rateType && rateTypes.includes(choice.rateType) ? choice.rateType : rateTypes[0] ?? 'fixed';
  return {
    status: 'ready',
    directory,
    rates: live.rates,
    reserves: live.reserves,
    from,
    to,
    direction,
    rate,
    reserve,
    quote,
    rateType,
    canSwap: !direction.oneWay && findDirection(directory, to.code, from.code) !== undefined,
    canContinue: quote !== null && quote.send !== '' && quote.receive !== '' && quote.problem === null,
    presetApplied: appliedPreset === key,
  };
}
