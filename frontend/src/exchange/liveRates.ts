/**
 * Live rates and reserves: the snapshot of `GET /api/rates`, then the Socket.IO pushes
 * `rates:update` (changed and removed directions) and `reserves:update` applied to it in version
 * order. A push that skips a version (a message was missed) or a reconnect loads the snapshot
 * again. One feed serves every mounted screen.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { DirectionRateDto } from '../../../common/catalogue';
import type { RatesDto, RatesUpdate, ReservesUpdate } from '../../../common/events';
import { ApiError } from '../api/ApiError';
import { getSocket, type AppSocket } from '../realtime/socket';
import { fetchRates } from './api';

export type LiveStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LiveRatesState {
  status: LiveStatus;
  /** Translated message of the last failed load, while nothing was loaded. */
  error: string | null;
  /** Version of the snapshot plus the pushes applied; -1 before the first snapshot. */
  version: number;
  /** Rate of each direction by `pairKey(from, to)`, stale ones included (flagged). */
  rates: ReadonlyMap<string, DirectionRateDto>;
  /** Reserve of each asset by code. */
  reserves: Readonly<Record<string, string>>;
  /** When the rates were last published (ISO 8601); null before the first publication. */
  updatedAt: string | null;
}

export function pairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

const INITIAL: LiveRatesState = {
  status: 'idle',
  error: null,
  version: -1,
  rates: new Map(),
  reserves: {},
  updatedAt: null,
};

export const useLiveRatesStore = create<LiveRatesState>()(() => INITIAL);

/** Forgets everything (tests, or a sign-out that closes the socket). */
export function resetLiveRates(): void {
  useLiveRatesStore.setState(INITIAL, true);
}

type Push = { kind: 'rates'; update: RatesUpdate } | { kind: 'reserves'; update: ReservesUpdate };

function isRate(value: unknown): value is DirectionRateDto {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to, rate } = value as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && typeof rate === 'string';
}

function list<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function later(current: string | null, next: string): string {
  return current !== null && Date.parse(current) >= Date.parse(next) ? current : next;
}

/** The state after one push (which must not be older than the state). */
function merged(state: LiveRatesState, push: Push): LiveRatesState {
  const { update } = push;
  const base = { ...state, version: update.version, updatedAt: later(state.updatedAt, update.at) };
  if (push.kind === 'rates') {
    const rates = new Map(state.rates);
    for (const rate of list(push.update.rates).filter(isRate)) rates.set(pairKey(rate.from, rate.to), rate);
    for (const key of list(push.update.removed)) rates.delete(pairKey(key.from, key.to));
    return { ...base, rates };
  }
  const reserves = { ...state.reserves };
  for (const entry of list(push.update.reserves)) reserves[entry.code] = entry.amount;
  for (const code of list(push.update.removed)) delete reserves[code];
  return { ...base, reserves };
}

/** Pushes that arrive while a snapshot loads, replayed over it when they are newer. */
let pushesDuringLoad: Push[] | null = null;

function receive(push: Push): void {
  if (typeof push.update?.version !== 'number') return;
  if (pushesDuringLoad) {
    pushesDuringLoad.push(push);
    return;
  }
  const state = useLiveRatesStore.getState();
  if (state.status !== 'ready') return;
  const { version, at } = push.update;
  const restarted = version < state.version && state.updatedAt !== null && Date.parse(at) > Date.parse(state.updatedAt);
  if (version < state.version && !restarted) return;
  // The rates and the reserves of one version come as two messages: equal is not a gap. A
  // skipped version, or a count that started again (an emptied store), needs the snapshot.
  if (version > state.version + 1 || restarted) {
    void loadRates();
    return;
  }
  useLiveRatesStore.setState(merged(state, push), true);
}

/** `rates:update`: changed directions replace their rates, removed ones go. */
export function applyRatesUpdate(update: RatesUpdate): void {
  receive({ kind: 'rates', update });
}

/** `reserves:update`: the listed assets get their new reserves, removed ones go. */
export function applyReservesUpdate(update: ReservesUpdate): void {
  receive({ kind: 'reserves', update });
}

/** Replaces everything with a snapshot, then replays the pushes newer than it. */
export function applySnapshot(snapshot: RatesDto, pushes: readonly Push[] = []): void {
  let state: LiveRatesState = {
    status: 'ready',
    error: null,
    version: snapshot.version,
    rates: new Map(list(snapshot.rates).filter(isRate).map((rate) => [pairKey(rate.from, rate.to), rate])),
    reserves: Object.fromEntries(list(snapshot.reserves).map((entry) => [entry.code, entry.amount])),
    updatedAt: snapshot.updatedAt,
  };
  for (const push of [...pushes].sort((a, b) => a.update.version - b.update.version)) {
    if (push.update.version > snapshot.version) state = merged(state, push);
  }
  useLiveRatesStore.setState(state, true);
}

let loading: Promise<void> | null = null;

/** Loads a snapshot (one request at a time). A failure shows only while nothing is loaded yet. */
export function loadRates(): Promise<void> {
  loading ??= (async () => {
    const pushes: Push[] = [];
    pushesDuringLoad = pushes;
    if (useLiveRatesStore.getState().status !== 'ready') useLiveRatesStore.setState({ status: 'loading', error: null });
    try {
      const snapshot = await fetchRates();
      pushesDuringLoad = null;
      applySnapshot(snapshot, pushes);
    } catch (error) {
      pushesDuringLoad = null;
      if (useLiveRatesStore.getState().status !== 'ready') {
        useLiveRatesStore.setState({ status: 'error', error: error instanceof ApiError ? error.message : String(error) });
      }
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Where the pushes come from: the app's socket; tests may give none (snapshot only) or their own. */
let socketSource: () => AppSocket | null = getSocket;

export function setLiveSocketSource(source: () => AppSocket | null): void {
  socketSource = source;
}

function attachFeed(): () => void {
  const socket = socketSource();
  void loadRates();
  if (!socket) return () => undefined;
  let connectedBefore = socket.connected;
  const onConnect = () => {
    socket.emit('rates:subscribe');
    // Pushes sent while the connection was down are lost: start again from a snapshot.
    if (connectedBefore) void loadRates();
    connectedBefore = true;
  };
  socket.on('connect', onConnect);
  socket.on('rates:update', applyRatesUpdate);
  socket.on('reserves:update', applyReservesUpdate);
  if (socket.connected) socket.emit('rates:subscribe');
  return () => {
    socket.off('connect', onConnect);
    socket.off('rates:update', applyRatesUpdate);
    socket.off('reserves:update', applyReservesUpdate);
  };
}

let subscribers = 0;
let detachFeed: (() => void) | null = null;

/** The live rates and reserves; the first mounted user starts the feed, the last one stops it. */
export function useLiveRates(): LiveRatesState {
  useEffect(() => {
    subscribers += 1;
    if (subscribers === 1) detachFeed = attachFeed();
    return () => {
      subscribers -= 1;
      if (subscribers === 0) {
        detachFeed?.();
        detachFeed = null;
      }
    };
  }, []);
  return useLiveRatesStore();
}
