/**
 * Bench child: the real web server (startServer, embedded defaults, or Redis with BENCH_REDIS_URL)
 * with BENCH_ORDERS orders in its database, each with a running timer. The server's own tick
 * interval is off (orderTickMs 0): the harness asks for each round. A `rooms` round is one real
 * tick round — `orderLive.ticks.tickAll()`, the function the interval calls, emitting to every
 * order room with local sockets; a `broadcast` round is ONE `io.emit` of a tick payload of the
 * same shape and size to every socket. Each answer carries when the emit began (sharedClock) and
 * how long the synchronous send took.
 */
import { insertOrders } from '../../backend/orders/testing/live';
import { secondsLeft } from '../../backend/orders/liveTicks';
import { startServer } from '../../backend/server';
import { runChild, serveParent, sharedClock, tell } from '../lib/child';
import { benchConfig, benchRedisEnv, temporaryDataDir } from '../lib/server';

/** Longer than any run: every order's timer runs through the bench. */
const EXPIRES_IN_MS = 6 * 60 * 60_000;

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_ORDERS);
  const config = benchConfig(temporaryDataDir(), benchRedisEnv());
  const server = await startServer(config, { orderTickMs: 0 });
  const insertStarted = sharedClock();
  const orders = await insertOrders({ ...server, config }, count, EXPIRES_IN_MS);
  const insertMs = sharedClock() - insertStarted;
  const expiresAt = new Date(Date.now() + EXPIRES_IN_MS).toISOString();

  serveParent((message) => {
    if (message.type === 'size') tell({ type: 'size', ...server.orderLive.ticks.size(), sockets: server.io.engine.clientsCount });
    if (message.type === 'round') {
      const emitAt = sharedClock();
      let emitted: number;
      if (message.kind === 'rooms') {
        emitted = server.orderLive.ticks.tickAll();
      } else {
        server.io.emit('order:tick', { uid: orders[0].uid, secondsLeft: secondsLeft(Date.parse(expiresAt), Date.now()), expiresAt });
        emitted = 1;
      }
      tell({ type: 'sent', kind: message.kind, emitAt, emitMs: sharedClock() - emitAt, emitted });
    }
  });
  tell({ type: 'ready', port: server.port, orders, insertMs });
}

runChild(main);
