/**
 * Everything the widget shows, derived from the catalogue, the live rates and the visitor's
 * choice: the resolved pair, its direction and rate, the quote and what may be done next.
 * It loads only what it shows (issue 17): the asset list, the directions of the asset sent (or
 * of the one asked for) with their current rates — what the asset modal offers — and the live
 * rate of the pair on screen.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../../common/catalogue';
import { focusAsset } from '../../../common/exchangePair';
import type { RateType } from '../../../common/enums';
import { useAssetDirections, useAssetRates, useCatalogueAssets } from './api';
import {
  buildDirectory,
  findDirection,
  offeredRate,
  resolvePair,
  type ExchangeDirectory,
  type Pair,
} from './directory';
import { loadRates, pairKey, useLiveRates } from './liveRates';
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
  const catalogue = useCatalogueAssets();
  const choice = useExchangeStore();
  // A new preset is applied once (merged over the stored choice); after that, and without
  // one, only a pair the catalogue does not know is replaced.
  const [appliedPreset, setAppliedPreset] = useState<string | null>(null);
  const key = presetKey(preset);
  const fresh = appliedPreset !== key;
  const codes = useMemo(() => new Set(catalogue.data?.assets.filter((asset) => asset.enabled).map((asset) => asset.code) ?? []), [catalogue.data]);
  const focus = catalogue.data
    ? focusAsset(codes, catalogue.data.senders, [fresh ? preset?.from : undefined, choice.from, fresh ? preset?.to : undefined, choice.to])
    : null;
  const directions = useAssetDirections(focus);
  const assetRates = useAssetRates(focus);
  const pairs = useMemo(() => (choice.from && choice.to ? [{ from: choice.from, to: choice.to }] : []), [choice.from, choice.to]);
  const live = useLiveRates({ pairs });
  const directory = useMemo(
    () => (catalogue.data && directions.data ? buildDirectory({ assets: catalogue.data.assets, directions: directions.data.directions }, catalogue.data.senders) : null),
    [catalogue.data, directions.data],
  );
  // The focus asset's directions as last loaded, the watched pair as it moves.
  const rates = useMemo(() => {
    const merged = new Map<string, DirectionRateDto>((assetRates.data?.rates ?? []).map((rate) => [pairKey(rate.from, rate.to), rate]));
    for (const [pair, rate] of live.rates) merged.set(pair, rate);
    return merged;
  }, [assetRates.data, live.rates]);

  // Only the asked asset's own directions can tell which pair to show (not the previous asset's, kept meanwhile).
  const settled = directory !== null && directions.data?.code === focus && !assetRates.isPlaceholderData;
  useEffect(() => {
    if (!directory || !settled) return;
    const { from, to, setPair } = useExchangeStore.getState();
    setAppliedPreset(key);
    const asked = fresh && preset ? { from: preset.from ?? from ?? undefined, to: preset.to ?? to ?? undefined } : { from: from ?? undefined, to: to ?? undefined };
    const usable = (pair: Pair) => !assetRates.data || offeredRate(directory, rates, pair.from, pair.to) !== undefined;
    const resolved = resolvePair(directory, asked, usable);
    if (resolved && (resolved.from !== from || resolved.to !== to)) setPair(resolved.from, resolved.to);
  }, [directory, settled, key, appliedPreset, choice.from, choice.to, assetRates.data]);

  const failed = [catalogue, directions, assetRates].find((query) => query.isError);
  if (failed || live.status === 'error') {
    const message = failed?.error?.message ?? live.error ?? '';
    return {
      status: 'error',
      message,
      retry: () => {
        for (const query of [catalogue, directions, assetRates]) if (query.isError) void query.refetch();
        if (live.status === 'error') void loadRates();
      },
    };
  }
  if (catalogue.data && focus === null) return { status: 'empty' };
  if (!directory || !assetRates.data || live.status !== 'ready') return { status: 'loading' };
  if (directory.directions.size === 0) return { status: 'empty' };
  const direction = choice.from && choice.to ? findDirection(directory, choice.from, choice.to) : undefined;
  if (!direction) {
    // The effect above is choosing a pair; nothing to choose from means nothing is offered.
    return resolvePair(directory, {}) ? { status: 'loading' } : { status: 'empty' };
  }
  const from = directory.assetByCode.get(direction.from)!;
  const to = directory.assetByCode.get(direction.to)!;
  const rate = offeredRate(directory, rates, from.code, to.code);
  const reserve = live.reserves[to.code] ?? rate?.reserve ?? to.reserve;
  const quote = rate
    ? computeQuote({ typed: choice.amount, side: choice.side, from, to, direction, rate, reserve })
    : null;
  const rateTypes = rate?.rateTypes ?? direction.rateTypes;
  const rateType = choice.rateType && rateTypes.includes(choice.rateType) ? choice.rateType : rateTypes[0] ?? 'fixed';
  return {
    status: 'ready',
    directory,
    rates,
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
