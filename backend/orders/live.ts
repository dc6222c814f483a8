/**
 * Orders over Socket.IO, per web process. Every process subscribes to the order-change channel
 * (backend/orders/events.ts) and forwards each change to ITS OWN sockets only (`io.local`):
 * `order:status` (and `order:recalc` when the amounts were recalculated) to `order:<uid>`,
 * `operators:order` to `operators`, and `user:exchange` (the history's row, ./userExchanges.ts)
 * to `user:<id>` of the order's owner — that room holds only the owner's signed-in sockets
 * (backend/accounts/sockets.ts). Going through the adapter instead would deliver every change
 * once per process. The same messages feed the countdown registry (liveTicks.ts), whose one
 * interval sends `order:tick` to the local rooms with a running timer — written straight to the
 * rooms' sockets (backend/platform/realtime/directSend.ts): one tick per open page per second is the
 * realtime traffic that grows with the number of pages.
 *
 * Messages published while this process's KV subscription was down never arrive (the publisher's
 * own publish may have failed too). When the subscription is live again, the process reads the
 * orders changed since shortly before the loss for the order rooms and operators it holds
 * (`changedSince`) and delivers them like messages: pages keep the newest version they get.
 */
import { rooms, type OrderTick } from '../../common/events';
import type { OrderDto } from '../../common/orders';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { MAX_RECONNECT_DELAY_MS } from '../platform/kv/clients';
import { createDirectSender } from '../platform/realtime/directSend';
import type { RealtimeIO } from '../platform/realtime/types';
import type { ChangedSinceScope } from './changedSince';
import { subscribeOrderChanges, type OrderChangeMessage } from './events';
import { createOrderTicks, type OrderTicks } from './liveTicks';
import { subscribeWithRetry } from '../platform/kv/subscribeWithRetry';
import { BOARD_CHANNEL } from '../console/boardChannel';
import { presentUserExchange } from './userExchanges';

const ORDER_ROOM_PREFIX = rooms.order('');
const USER_ROOM_PREFIX = rooms.user('');

/**
 * A resync reads changes from this long before the subscription was noticed lost: a change's
 * `updatedAt` is stamped before its commit and publish, by the clock of the process making it.
 */
export const RESYNC_MARGIN_MS = 10_000;
/**
 * A resync runs again this long after the first: other processes' connections come back up to
 * MAX_RECONNECT_DELAY_MS after ours, and a change they commit meanwhile fails to publish.
 */
export const RESYNC_AGAIN_MS = 2 * MAX_RECONNECT_DELAY_MS + 1000;

/**
 * A join in progress: remembers the newest DTO of that order published while the join looked the
 * order up, so a change made in between is not lost (the socket was not in the room yet).
 */
export interface JoinWatch {
  /** The DTO to answer with: `found`, or a newer one published meanwhile. Ends the watch. */
  end(found: OrderDto | null): OrderDto | null;
}

export interface OrderLive {
  readonly ticks: OrderTicks;
  /** Call before looking the order up for a join; `end` the watch once the socket is in the room. */
  watchJoin(uid: string): JoinWatch;
  /** Sends one change to this process's sockets (what every KV message leads to). */
  deliver(message: OrderChangeMessage): void;
  close(): Promise<void>;
}

/**
 * `order:tick` as socket.io-parser encodes the EVENT (type 2, namespace "/", no ack id:
 * `2` + JSON of [event, payload]), written out by hand: the countdown encodes one per open page
 * every second and this costs a fraction of serializing the object (backend/platform/realtime/directSend.test.ts
 * compares the two).
 */
export function encodeTick(tick: OrderTick): string {
  return `2["order:tick",{"uid":${JSON.stringify(tick.uid)},"secondsLeft":${tick.secondsLeft},"expiresAt":${JSON.stringify(tick.expiresAt)}}]`;
}

export interface OrderLiveOptions {
  io: RealtimeIO;
  kv: KV;
  logger: Logger;
  /** Tick interval; defaults to TICK_MS. */
  tickMs?: number;
  /** Both views of the orders changed since a moment (the database); without it, no resync. */
  changedSince?: (since: Date, scope: ChangedSinceScope) => Promise<OrderChangeMessage[]>;
}

export function startOrderLive(options: OrderLiveOptions): OrderLive {
  const { io, kv, logger } = options;
  const sender = createDirectSender(io);
  const ticks = createOrderTicks({
    target: (uid) => sender.members(rooms.order(uid)),
    emit: (members, tick) => sender.write(members, encodeTick(tick)),
    intervalMs: options.tickMs,
  });
  // The adapter of "/" exists only once attachRealtime has set the Redis adapter: take it now.
  const adapter = io.of('/').adapter;
  const onRoomDeleted = (room: string) => {
    if (room.startsWith(ORDER_ROOM_PREFIX)) ticks.forget(room.slice(ORDER_ROOM_PREFIX.length));
  };
  adapter.on('delete-room', onRoomDeleted);

  /** uid → pending joins and the newest DTO published while they looked it up. */
  const joining = new Map<string, { count: number; latest: OrderDto | null }>();

  function deliver(message: OrderChangeMessage): void {
    const { order, operator, kind, priority } = message;
    const pending = joining.get(order.uid);
    if (pending && (pending.latest === null || pending.latest.version < order.version)) pending.latest = order;
    ticks.changed(order);
    const room = io.local.to(rooms.order(order.uid));
    room.emit('order:status', { uid: order.uid, status: order.status, order });
    if (kind === 'recalc') {
      room.emit('order:recalc', { uid: order.uid, rate: order.rate, amountSend: order.amountSend, amountReceive: order.amountReceive, order });
    }
    io.local.to(rooms.operators).emit('operators:order', { uid: operator.uid, status: operator.status, order: operator, ...(priority === undefined ? {} : { priority }) });
    if (typeof operator.userId === 'number') io.local.to(rooms.user(operator.userId)).emit('user:exchange', presentUserExchange(order));
  }

  let closed = false;
  let resyncs: Promise<void> = Promise.resolve();
  const againTimers = new Set<NodeJS.Timeout>();

  /** After a loss of the KV subscription: a resync now, and one more once every publisher is back. */
  function resyncTwice(lostAt: Date): void {
    resync(lostAt);
    const timer = setTimeout(() => {
      againTimers.delete(timer);
      resync(lostAt);
    }, RESYNC_AGAIN_MS);
    timer.unref();
    againTimers.add(timer);
  }

  /** Delivers what this process's pages and operators may have missed since `lostAt`, one resync at a time. */
  function resync(lostAt: Date): void {
    const { changedSince } = options;
    if (!changedSince || closed) return;
    const since = new Date(lostAt.getTime() - RESYNC_MARGIN_MS);
    resyncs = resyncs
      .then(async () => {
        if (closed) return;
        const uids = [...adapter.rooms.keys()].filter((room) => room.startsWith(ORDER_ROOM_PREFIX)).map((room) => room.slice(ORDER_ROOM_PREFIX.length));
        const operators = (adapter.rooms.get(rooms.operators)?.size ?? 0) > 0;
        const users = [...adapter.rooms.keys()].filter((room) => room.startsWith(USER_ROOM_PREFIX)).map((room) => Number(room.slice(USER_ROOM_PREFIX.length))).filter(Number.isSafeInteger);
        if (uids.length === 0 && !operators && users.length === 0) return;
        const messages = await changedSince(since, { uids, operators, users });
        if (closed) return;
        for (const message of messages) deliver(message);
        logger.info({ since, rooms: uids.length, operators, users: users.length, orders: messages.length }, 'order changes resynced after the KV subscription was lost');
      })
      .catch((error: unknown) => logger.error({ err: error, since }, 'order changes not resynced'));
  }

  const unsubscribe = subscribeOrderChanges(
    kv,
    logger,
    (message) => {
      if (typeof message?.order?.uid !== 'string' || typeof message.operator?.uid !== 'string') {
        logger.warn('order change message without an order');
        return;
      }
      deliver(message);
    },
    resyncTwice,
  );

  // Board changes (claims, notes, escalations: backend/console/board.ts) go to this process's operators as they come.
  const unsubscribeBoard = subscribeWithRetry(
    kv,
    BOARD_CHANNEL,
    (raw) => {
      try {
        io.local.to(rooms.operators).emit('operators:board', JSON.parse(raw));
      } catch (error) {
        logger.warn({ err: error }, 'unreadable board change message');
      }
    },
    { logger },
  );

  return {
    ticks,
    deliver,
    watchJoin(uid) {
      const pending = joining.get(uid) ?? { count: 0, latest: null };
      pending.count += 1;
      joining.set(uid, pending);
      let ended = false;
      return {
        end(found) {
          if (ended) return found;
          ended = true;
          pending.count -= 1;
          if (pending.count === 0) joining.delete(uid);
          if (found === null) return null;
          return pending.latest !== null && pending.latest.version > found.version ? pending.latest : found;
        },
      };
    },
    async close() {
      closed = true;
      for (const timer of againTimers) clearTimeout(timer);
      againTimers.clear();
      adapter.off('delete-room', onRoomDeleted);
      ticks.close();
      joining.clear();
      await unsubscribe();
      await unsubscribeBoard();
      await resyncs;
    },
  };
}
