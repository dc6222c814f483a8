/**
 * Orders over Socket.IO, per web process. Every process subscribes to the order-change channel
 * (backend/orders/events.ts) and forwards each change to ITS OWN sockets only (`io.local`):
 * `order:status` (and `order:recalc` when the amounts were recalculated) to `order:<uid>`,
 * `operators:order` to `operators`. Going through the adapter instead would deliver every change
 * once per process. The same messages feed the countdown registry (liveTicks.ts), whose one
 * interval sends `order:tick` to the local rooms with a running timer — written straight to the
 * rooms' sockets (backend/realtime/directSend.ts): one tick per open page per second is the
 * realtime traffic that grows with the number of pages.
 */
import { rooms, type OrderTick } from '../../common/events';
import type { OrderDto } from '../../common/orders';
import type { KV } from '../lib/kv/types';
import type { Logger } from '../lib/logger';
import { createDirectSender } from '../realtime/directSend';
import type { RealtimeIO } from '../realtime/types';
import { subscribeOrderChanges, type OrderChangeMessage } from './events';
import { createOrderTicks, type OrderTicks } from './liveTicks';

const ORDER_ROOM_PREFIX = rooms.order('');

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
 * every second and this costs a fraction of serializing the object (backend/realtime/directSend.test.ts
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
    const { order, operator, kind } = message;
    const pending = joining.get(order.uid);
    if (pending && (pending.latest === null || pending.latest.version < order.version)) pending.latest = order;
    ticks.changed(order);
    const room = io.local.to(rooms.order(order.uid));
    room.emit('order:status', { uid: order.uid, status: order.status, order });
    if (kind === 'recalc') {
      room.emit('order:recalc', { uid: order.uid, rate: order.rate, amountSend: order.amountSend, amountReceive: order.amountReceive, order });
    }
    io.local.to(rooms.operators).emit('operators:order', { uid: operator.uid, status: operator.status, order: operator });
  }

  const unsubscribe = subscribeOrderChanges(kv, logger, (message) => {
    if (typeof message?.order?.uid !== 'string' || typeof message.operator?.uid !== 'string') {
      logger.warn('order change message without an order');
      return;
    }
    deliver(message);
  });

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
      adapter.off('delete-room', onRoomDeleted);
      ticks.close();
      joining.clear();
      await unsubscribe();
    },
  };
}
