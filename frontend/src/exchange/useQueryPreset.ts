/**
 * Spec §2: the query parameters `from` or `cur_from` and `to` or `cur_to` preset the exchange
 * assets; the widget writes the chosen pair back as `from` and `to`, keeping other parameters.
 * `amount` presets the amount to send (the history's "repeat the exchange", common/userExchanges.ts).
 */
import { useEffect, useRef } from 'react';
import { isDecimalString } from '../../../common/money';
import { useExchangeStore } from './store';
import { useLocation, useSearch } from 'wouter';
import type { Pair } from './directory';
import type { PairPreset } from './useExchangeModel';

function code(params: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.trim().toUpperCase();
    if (value) return value;
  }
  return undefined;
}

/** The pair asked for by the address, or null when it asks for none. */
export function presetFromSearch(search: string): PairPreset {
  const params = new URLSearchParams(search);
  const from = code(params, 'from', 'cur_from');
  const to = code(params, 'to', 'cur_to');
  return from || to ? { from, to } : null;
}

/** The search with `from`/`to` set to the pair and the `cur_*` aliases gone, or null when unchanged. */
export function searchWithPair(search: string, pair: Pair): string | null {
  const params = new URLSearchParams(search);
  if (params.get('from') === pair.from && params.get('to') === pair.to && !params.has('cur_from') && !params.has('cur_to')) {
    return null;
  }
  params.delete('cur_from');
  params.delete('cur_to');
  params.set('from', pair.from);
  params.set('to', pair.to);
  return `?${params.toString()}`;
}

export function useQueryPreset(): PairPreset {
  return presetFromSearch(useSearch());
}

/** Keeps `?from=…&to=…` equal to the shown pair (replacing the history entry). */
export function useSyncPairToUrl(pair: Pair | null, enabled: boolean): void {
  const search = useSearch();
  const [path, navigate] = useLocation();
  useEffect(() => {
    if (!enabled || !pair) return;
    const next = searchWithPair(search, pair);
    if (next !== null) navigate(path + next, { replace: true });
  }, [enabled, pair?.from, pair?.to, search, path]);
}

/** The amount to send asked for by `?amount=` (a positive decimal string), or null. */
export function amountFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('amount')?.trim();
  return value && isDecimalString(value) && !value.startsWith('-') && /[1-9]/.test(value) ? value : null;
}

/**
 * Types `?amount=` on the send side once the address's pair is shown (`pairShown`: before, a new
 * pair would clear it), once per value the address asks for; the visitor's edits then stay.
 */
export function useAmountPreset(pairShown: boolean): void {
  const amount = amountFromSearch(useSearch());
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!pairShown || amount === null || applied.current === amount) return;
    applied.current = amount;
    const store = useExchangeStore.getState();
    store.setAmount('send', amount);
    store.setStep('amounts');
  }, [pairShown, amount]);
}
