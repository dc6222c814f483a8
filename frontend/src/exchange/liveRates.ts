/**
 * Live rates and reserves of what the mounted screens show (issue 17): each screen names its
 * scope (the widget its pair, the reserves page the reserves); the feed watches their union.
 * The snapshot comes from the ack of `rates:watch` (or `GET /api/rates?pairs=…` while the socket
 * is not connected yet), then `rates:pair` frames (only the fields that changed of one pair) and
 * `reserves:update` apply to it. Version rules: a frame older than what is held is dropped; a
 * frame whose previous change the page never saw (`p` above the pair's version, or `previous`
 * above the reserves' version) or a count that started again (an emptied store) loads the
 * snapshot again, and so does a reconnect (pushes sent while the connection was down are lost).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { DirectionRateDto } from '../../../common/catalogue';
import type { PairRateFrame, RatesDto, ReservesUpdate } from '../../../common/events';
import type { RatesScope, ScopePair } from '../../../common/ratesScope';
import { ApiError } from '../api/ApiError';
import { getSocket, type AppSocket } from '../realtime/socket';
import { fetchRates } from './api';

export type LiveStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LiveRatesState {
  status: LiveStatus;
  /** Translated message of the last failed load, while nothing was loaded. */
  error: string | null;
  /** The newest version held; -1 before the first snapshot. */
  version: number;
  /** Rate of each watched direction by `pairKey(from, to)`, stale ones included (flagged). */
  rates: ReadonlyMap<string, DirectionRateDto>;
  /** The version each watched direction is held at. */
  pairVersions: ReadonlyMap<string, number>;
  /** Reserve of each asset by code (while a screen watches the reserves). */
  reserves: Readonly<Record<string, string>>;
  /** The version the reserves are held at; -1 while not watched. */
  reservesVersion: number;
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
  pairVersions: new Map(),
  reserves: {},
  reservesVersion: -1,
  updatedAt: null,
};

export const useLiveRatesStore = create<LiveRatesState>()(() => INITIAL);

type Push = { kind: 'pair'; frame: PairRateFrame } | { kind: 'reserves'; update: ReservesUpdate };

/** What the mounted screens watch, by screen. */
const watchers = new Map<number, RatesScope>();
let nextWatcher = 0;

/** Forgets everything (tests, or a sign-out that closes the socket). */
export function resetLiveRates(): void {
  useLiveRatesStore.setState(INITIAL, true);
  watchers.clear();
  pushesDuringLoad = null;
  loading = null;
}

/** The union of every mounted screen's scope, pairs in a stable order. */
export function currentScope(): { pairs: ScopePair[]; reserves: boolean } {
  const pairs = new Map<string, ScopePair>();
  let reserves = false;
  for (const scope of watchers.values()) {
    for (const pair of scope.pairs ?? []) pairs.set(pairKey(pair.from, pair.to), { from: pair.from, to: pair.to });
    reserves ||= scope.reserves === true;
  }
  return { pairs: [...pairs.values()].sort((a, b) => pairKey(a.from, a.to).localeCompare(pairKey(b.from, b.to))), reserves };
}

function scopeKey(scope: RatesScope): string {
  return `${(scope.pairs ?? []).map((pair) => pairKey(pair.from, pair.to)).join(',')}|${scope.reserves ? 1 : 0}`;
}

function isRate(value: unknown): value is DirectionRateDto {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to, rate } = value as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && typeof rate === 'string';
}

function list<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function later(current: string | null, next: string | undefined): string | null {
  if (next === undefined) return current;
  return current !== null && Date.parse(current) >= Date.parse(next) ? current : next;
}

/** The state after one push; 'resync' when it shows a change was missed or the count started again. */
function merged(state: LiveRatesState, push: Push): LiveRatesState | 'resync' | null {
  if (push.kind === 'pair') {
    const { k, v, p, d } = push.frame;
    const held = state.pairVersions.get(k);
    if (held === undefined) return null;
    if (p >= v) return 'resync';
    if (v <= held) return null;
    if (p > held) return 'resync';
    const rates = new Map(state.rates);
    if (d === null) rates.delete(k);
    else {
      const next = { ...rates.get(k), ...d };
      if (!isRate(next)) return 'resync';
      rates.set(k, next as DirectionRateDto);
    }
    const pairVersions = new Map(state.pairVersions).set(k, v);
    return { ...state, rates, pairVersions, version: Math.max(state.version, v), updatedAt: later(state.updatedAt, d?.updatedAt) };
  }
  const { update } = push;
  if (state.reservesVersion < 0) return null;
  const previous = update.previous ?? update.version - 1;
  if (previous >= update.version) return 'resync';
  if (update.version <= state.reservesVersion) return null;
  if (previous > state.reservesVersion) return 'resync';
  const reserves = { ...state.reserves };
  for (const entry of list(update.reserves)) reserves[entry.code] = entry.amount;
  for (const code of list(update.removed)) delete reserves[code];
  return { ...state, reserves, reservesVersion: update.version, version: Math.max(state.version, update.version), updatedAt: later(state.updatedAt, update.at) };
}

/** Pushes that arrive while a snapshot loads, replayed over it. */
let pushesDuringLoad: Push[] | null = null;

function receive(push: Push): void {
  if (pushesDuringLoad) {
    pushesDuringLoad.push(push);
    return;
  }
  const state = useLiveRatesStore.getState();
  if (state.status !== 'ready') return;
  const next = merged(state, push);
  if (next === 'resync') void loadRates();
  else if (next !== null) useLiveRatesStore.setState(next, true);
}

/** `rates:pair`: the changed fields of one watched direction. */
export function applyPairFrame(frame: PairRateFrame): void {
  if (typeof frame?.v === 'number' && typeof frame.k === 'string') receive({ kind: 'pair', frame });
}

/** `reserves:update`: the listed assets get their new reserves, removed ones go. */
export function applyReservesUpdate(update: ReservesUpdate): void {
  if (typeof update?.version === 'number') receive({ kind: 'reserves', update });
}

/** Replaces everything with the snapshot of `scope`, then replays the pushes newer than it. */
export function applySnapshot(snapshot: RatesDto, scope: RatesScope, pushes: readonly Push[] = []): void {
  const rates = list(snapshot.rates).filter(isRate);
  let state: LiveRatesState = {
    status: 'ready',
    error: null,
    version: snapshot.version,
    rates: new Map(rates.map((rate) => [pairKey(rate.from, rate.to), rate])),
    pairVersions: new Map((scope.pairs ?? []).map((pair) => [pairKey(pair.from, pair.to), snapshot.version])),
    reserves: scope.reserves ? Object.fromEntries(list(snapshot.reserves).map((entry) => [entry.code, entry.amount])) : {},
    reservesVersion: scope.reserves ? snapshot.version : -1,
    updatedAt: snapshot.updatedAt,
  };
  for (const push of pushes) {
    const next = merged(state, push);
    if (next === 'resync') {
      setSharing(state);
      void Promise.resolve().then(loadRates);
      return;
    }
    if (next !== null) state = next;
  }
  setSharing(state);
}

/** The same rate, field for field (a few per watched pair: the JSON texts are compared). */
function sameRate(a: DirectionRateDto | undefined, b: DirectionRateDto): boolean {
  return a !== undefined && (a === b || JSON.stringify(a) === JSON.stringify(b));
}

function sameEntries<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V | undefined, y: V) => boolean): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of b) if (!same(a.get(key), value)) return false;
  return true;
}

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Sets a loaded state, keeping the parts that did not change as they were (the same objects), and
 * nothing at all when nothing changed: a reconnect's snapshot, or the socket's after the first
 * HTTP one, then re-renders no screen (the reserves page's cards, on a phone, are the cost).
 */
function setSharing(next: LiveRatesState): void {
  const current = useLiveRatesStore.getState();
  if (current.status !== 'ready') {
    useLiveRatesStore.setState(next, true);
    return;
  }
  const shared: LiveRatesState = {
    ...next,
    rates: sameEntries(current.rates, next.rates, sameRate) ? current.rates : next.rates,
    pairVersions: sameEntries(current.pairVersions, next.pairVersions, (a, b) => a === b) ? current.pairVersions : next.pairVersions,
    reserves: sameRecord(current.reserves, next.reserves) ? current.reserves : next.reserves,
  };
  const changed = (Object.keys(shared) as Array<keyof LiveRatesState>).some((key) => shared[key] !== current[key]);
  if (changed) useLiveRatesStore.setState(shared, true);
}

/** Where the pushes come from: the app's socket; tests may give none (snapshots by HTTP only) or their own. */
let socketSource: () => AppSocket | null = getSocket;

export function setLiveSocketSource(source: () => AppSocket | null): void {
  socketSource = source;
}

const WATCH_TIMEOUT_MS = 10_000;

/** The snapshot of `scope`: the watch's ack on a connected socket (which also joins the rooms), else HTTP. */
async function snapshotOf(scope: { pairs: ScopePair[]; reserves: boolean }): Promise<RatesDto> {
  // Nothing chosen yet (the widget before its pair): nothing to ask — never the whole snapshot.
  if (scope.pairs.length === 0 && !scope.reserves) return { version: -1, rates: [], reserves: [], updatedAt: null };
  const socket = attached?.socket;
  if (socket?.connected) {
    const answer = await socket.timeout(WATCH_TIMEOUT_MS).emitWithAck('rates:watch', scope);
    if ('error' in answer) throw new ApiError(0, answer.error);
    return answer.data;
  }
  return fetchRates(scope);
}

let loading: Promise<void> | null = null;
/** The scope the load in progress asks for, and whether it asks over the socket (snapshotOf). */
let loadingKey = '';
let loadingBySocket = false;
let reloadAfter = false;

/** Loads the snapshot of what is watched (one load at a time; a change of scope meanwhile loads again after). */
export function loadRates(): Promise<void> {
  const scope = currentScope();
  if (loading) {
    // The load in flight stands in for this one unless it asks for something else, or it went by
    // HTTP (which joins no room) and the socket has connected since.
    if (scopeKey(scope) !== loadingKey || (!loadingBySocket && attached?.socket.connected === true)) reloadAfter = true;
    return loading;
  }
  loadingKey = scopeKey(scope);
  loadingBySocket = attached?.socket.connected === true;
  loading = (async () => {
    const pushes: Push[] = [];
    pushesDuringLoad = pushes;
    if (useLiveRatesStore.getState().status !== 'ready') useLiveRatesStore.setState({ status: 'loading', error: null });
    try {
      const snapshot = await snapshotOf(scope);
      pushesDuringLoad = null;
      applySnapshot(snapshot, scope, pushes);
    } catch (error) {
      pushesDuringLoad = null;
      if (useLiveRatesStore.getState().status !== 'ready') {
        useLiveRatesStore.setState({ status: 'error', error: error instanceof ApiError ? error.message : String(error) });
      }
    } finally {
      loading = null;
    }
  })();
  const current = loading;
  void current.then(() => {
    if (reloadAfter) {
      reloadAfter = false;
      void loadRates();
    }
  });
  return current;
}

/** The socket the feed listens on while any screen watches. */
let attached: { socket: AppSocket; detach: () => void } | null = null;

function attachFeed(): void {
  const socket = socketSource();
  if (!socket) return;
  // A (re)connection watches again: its ack is the snapshot the next frames apply to.
  const onConnect = () => void loadRates();
  socket.on('connect', onConnect);
  socket.on('rates:pair', applyPairFrame);
  socket.on('reserves:update', applyReservesUpdate);
  attached = {
    socket,
    detach: () => {
      socket.off('connect', onConnect);
      socket.off('rates:pair', applyPairFrame);
      socket.off('reserves:update', applyReservesUpdate);
      // Nothing shown any more: leave every room.
      if (socket.connected) socket.emit('rates:watch', { pairs: [], reserves: false }, () => undefined);
    },
  };
}

/**
 * Adds a screen's scope to what the feed watches (the first one starts the feed) and loads the
 * snapshot when that widens or changes what is watched; the returned function takes it back
 * (the last one stops the feed).
 */
export function watchRates(scope: RatesScope): () => void {
  const id = (nextWatcher += 1);
  const before = scopeKey(currentScope());
  watchers.set(id, scope);
  if (!attached && watchers.size === 1) attachFeed();
  if (scopeKey(currentScope()) !== before || useLiveRatesStore.getState().status !== 'ready') void loadRates();
  return () => {
    if (!watchers.has(id)) return;
    const watched = scopeKey(currentScope());
    watchers.delete(id);
    if (watchers.size === 0) {
      attached?.detach();
      attached = null;
    } else if (scopeKey(currentScope()) !== watched) {
      void loadRates();
    }
  };
}

/**
 * The live rates of `scope` (and of what the other mounted screens watch); a change of scope
 * watches again.
 */
export function useLiveRates(scope: RatesScope): LiveRatesState {
  const key = scopeKey(scope);
  // The scope is compared by its key: a new object with the same pairs watches nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watchRates(scope), [key]);
  return useLiveRatesStore();
}
