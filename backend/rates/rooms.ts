/**
 * Live rates by subscription (issue 17): a page receives what it shows. Its socket watches the
 * pairs on screen (`rates:watch`: the room `rate:<from>><to>` of each) and, on the reserves page,
 * the `reserves` room; `rates:subscribe` joins `rates`, the whole feed (every `rates:update`).
 *
 * Each web process's RatesStore hands every change here, and this process's own sockets get it
 * (`io.local`, direct writes): every process receives each KV message, so rooms work the same on
 * any number of processes and nothing is delivered twice. A changed direction whose room has
 * sockets here gets one `rates:pair` frame holding only the fields that changed, encoded once and
 * written to the room's sockets as one pre-encoded WebSocket frame (platform/realtime/directSend.ts);
 * rooms without sockets cost one map lookup.
 */
import { ErrorCode } from '../../common/api';
import type { DirectionRateDto } from '../../common/catalogue';
import { rooms, type PairRateFrame, type RatesDto, type ReservesUpdate } from '../../common/events';
import { ratesWatchSchema, type RatesWatch } from '../../common/ratesScope';
import type { ServerI18n } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import { createDirectSender, type DirectSender } from '../platform/realtime/directSend';
import type { RealtimeIO, RealtimeSocket } from '../platform/realtime/types';
import { directionKey } from './engine';
import { presentRates } from './scope';
import type { RatesBroadcast, RatesView } from './store';

const PAIR_ROOM_PREFIX = rooms.pair('', '').slice(0, -1);

interface PairEntry {
  key: string;
  room: string;
  changedAt: number;
  /** The room's live member set while it has local sockets (kept by the adapter's room events). */
  members: ReadonlySet<string> | undefined;
}

/** The fields of `next` that differ from `before` (all of them for a direction new to the client). */
export function rateDelta(before: DirectionRateDto | undefined, next: DirectionRateDto): Partial<DirectionRateDto> {
  if (before === undefined) return next;
  const delta: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next) as Array<[keyof DirectionRateDto, unknown]>) {
    const old = before[field];
    const same = typeof value === 'object' && value !== null ? JSON.stringify(value) === JSON.stringify(old) : value === old;
    if (!same) delta[field] = value;
  }
  return delta as Partial<DirectionRateDto>;
}

/** The Socket.IO packet of one frame, as Socket.IO itself encodes an event without binary data. */
export function encodePairFrame(frame: PairRateFrame): string {
  return `2${JSON.stringify(['rates:pair', frame])}`;
}

/**
 * The store's changes to this process's sockets, each room only its own. `sender` writes the
 * pre-encoded frames (the direct sender of `io` unless a bench wraps it to record them).
 */
export function roomBroadcast(io: RealtimeIO, sender: DirectSender = createDirectSender(io)): RatesBroadcast {
  /** Whether any local socket is in one of the rooms: Socket.IO encodes a broadcast before it looks. */
  const anyIn = (...names: string[]) => names.some((name) => (sender.members(name)?.size ?? 0) > 0);
  /**
   * Per direction (by `from`, then `to`: asset codes, short strings the parser interns, so a
   * lookup builds no string): its key, its room's name, the version it last changed at, as this
   * process saw it (`p` of the next frame), and its room's members here, if any. A tick of the
   * generated catalogue changes 20,000 directions and this is the whole cost of the ones nobody
   * here watches: no room name built, no adapter lookup.
   */
  const pairs = new Map<string, Map<string, PairEntry>>();
  let reservesAt = 0;

  function entryOf(from: string, to: string): PairEntry {
    let byTo = pairs.get(from);
    if (byTo === undefined) pairs.set(from, (byTo = new Map()));
    let entry = byTo.get(to);
    if (entry === undefined) {
      const key = directionKey({ from, to });
      const room = rooms.pair(from, to);
      byTo.set(to, (entry = { key, room, changedAt: 0, members: sender.members(room) }));
    }
    return entry;
  }

  /** The entry of a pair room's name, or null for any other room. */
  function entryOfRoom(room: string): PairEntry | null {
    if (!room.startsWith(PAIR_ROOM_PREFIX)) return null;
    const [from, to] = room.slice(PAIR_ROOM_PREFIX.length).split('>');
    return from && to ? entryOf(from, to) : null;
  }

  // A pair room's member set is the adapter's own, the same object from its first member to its
  // last (internals.int.test.ts): taken when the room appears, dropped when it goes.
  const adapter = io.of('/').adapter;
  adapter.on('create-room', (room: string) => {
    const entry = entryOfRoom(room);
    if (entry) entry.members = sender.members(room);
  });
  adapter.on('delete-room', (room: string) => {
    const entry = entryOfRoom(room);
    if (entry) entry.members = undefined;
  });
  for (const room of adapter.rooms.keys()) entryOfRoom(room);

  /** The entry's frame to its room's local sockets, if any; `next` undefined: no longer offered. */
  function sendPair(entry: PairEntry, version: number, next: DirectionRateDto | undefined, before: ReadonlyMap<string, DirectionRateDto>): void {
    const previous = entry.changedAt;
    entry.changedAt = version;
    const { members } = entry;
    if (members === undefined || members.size === 0) return;
    const d = next === undefined ? null : rateDelta(before.get(entry.key), next);
    sender.write(members, encodePairFrame({ k: entry.key, v: version, p: previous, d }));
  }

  return {
    rates(update, before) {
      // The whole change (megabytes on the generated catalogue) is encoded only for a `rates` member.
      if (anyIn(rooms.rates)) io.local.to(rooms.rates).emit('rates:update', update);
      for (const rate of update.rates) sendPair(entryOf(rate.from, rate.to), update.version, rate, before);
      for (const removed of update.removed) sendPair(entryOf(removed.from, removed.to), update.version, undefined, before);
    },
    reserves(update) {
      const frame: ReservesUpdate = { ...update, previous: reservesAt };
      reservesAt = update.version;
      if (anyIn(rooms.rates, rooms.reserves)) io.local.to([rooms.rates, rooms.reserves]).emit('reserves:update', frame);
    },
  };
}

export interface RatesSocketDeps {
  rates: RatesView;
  i18n: ServerI18n;
  logger: Logger;
}

/** The rooms a watch stands for. */
function watchRooms(watch: RatesWatch): Set<string> {
  const names = new Set(watch.pairs.map((pair) => rooms.pair(pair.from, pair.to)));
  if (watch.reserves) names.add(rooms.reserves);
  return names;
}

/**
 * `rates:watch` replaces the socket's pair rooms and its place in `reserves` with those asked,
 * and acks the current rates of the pairs (and the reserves): joined and read in one turn, so the
 * next frame of each pair applies to what the ack gave. A reconnecting page watches again.
 */
function registerRatesHandlers(socket: RealtimeSocket, deps: RatesSocketDeps): void {
  const t = deps.i18n.translator(socket.data.lang);
  socket.on('rates:watch', (payload, ack) => {
    if (typeof ack !== 'function') return;
    let watch: RatesWatch;
    try {
      watch = ratesWatchSchema.validateSync(payload ?? {}, { stripUnknown: true });
    } catch {
      ack({ error: { code: ErrorCode.ValidationFailed, message: t(`errors.${ErrorCode.ValidationFailed}`) } });
      return;
    }
    const wanted = watchRooms(watch);
    for (const room of socket.rooms) {
      if ((room.startsWith(PAIR_ROOM_PREFIX) || room === rooms.reserves) && !wanted.has(room)) void socket.leave(room);
    }
    void socket.join([...wanted]);
    const data: RatesDto = presentRates(deps.rates.current(), { pairs: watch.pairs, reserves: watch.reserves });
    ack({ data });
  });
  socket.on('rates:subscribe', (ack) => {
    void socket.join(rooms.rates);
    if (typeof ack === 'function') ack({ data: { ok: true } });
  });
}

/** Registers the rates events on every new socket of `io`. */
export function attachRatesHandlers(io: RealtimeIO, deps: RatesSocketDeps): void {
  io.on('connection', (socket) => registerRatesHandlers(socket, deps));
}
